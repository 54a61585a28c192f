import { useMutation } from '@tanstack/react-query';
import type { PhoneProofResponse, UserResponse } from '../../../../../contracts/accounts';
import { apiPost } from '../../../lib/api-client';
import { phoneCodeKeys } from './phone-code-keys';

/** `POST /public/phone-codes/verify {phone, code}`: a checkout's phone proof. */
export function verifyCheckoutPhone(body: { phone: string; code: string }): Promise<PhoneProofResponse> {
  return apiPost<PhoneProofResponse>('/public/phone-codes/verify', body);
}

/** `POST /user/verify-phone {phone, code}` (bearer): the phone becomes the account's, verified. */
export function verifyAccountPhone(body: { phone: string; code: string }): Promise<{ success: boolean; message: string; user: UserResponse }> {
  return apiPost('/user/verify-phone', body);
}

export function useVerifyCheckoutPhone() {
  return useMutation({ mutationKey: [...phoneCodeKeys.all, 'verify-checkout'], mutationFn: verifyCheckoutPhone });
}

export function useVerifyAccountPhone() {
  return useMutation({ mutationKey: [...phoneCodeKeys.all, 'verify-account'], mutationFn: verifyAccountPhone });
}
