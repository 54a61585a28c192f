import { useMutation } from '@tanstack/react-query';
import type { PhoneCodeSentResponse } from '../../../../../contracts/accounts';
import { apiPost } from '../../../lib/api-client';
import { getLocale } from '../../../lib/i18n/locale';
import { phoneCodeKeys } from './phone-code-keys';

export type PhoneCodeRequest = { phone: string; purpose: 'recovery' | 'checkout' | 'account' };

/**
 * `POST /public/phone-codes {phone, purpose}` (recovery, checkout) or, signed in, `POST /user/phone-code
 * {phone}` (the account's phone): the same answer whether or not an SMS went.
 */
export function requestPhoneCode({ phone, purpose }: PhoneCodeRequest): Promise<PhoneCodeSentResponse> {
  // Issue 32: the SMS with the code is written in the shopper's language.
  const locale = getLocale();
  return purpose === 'account' ? apiPost<PhoneCodeSentResponse>('/user/phone-code', { phone, locale }) : apiPost<PhoneCodeSentResponse>('/public/phone-codes', { phone, purpose, locale });
}

export function useRequestPhoneCode() {
  return useMutation({ mutationKey: [...phoneCodeKeys.all, 'request'], mutationFn: requestPhoneCode });
}
