import type { Locale } from '../../../contracts/locale';

/** Why a phone code was asked for: to put a phone on an account, to recover an account, to prove a checkout's phone. */
export type PhoneCodePurpose = 'account-phone' | 'recovery' | 'checkout';

/**
 * Facts about one phone code, on stream `phone-code-<id>` (issue 17). The code itself is in no event: its
 * HMAC is in `phone_codes`, the code travels to the SMS only in an encrypted envelope keyed by the event id
 * (as a reset link's token does, ADR 021). Consumers: the SMS subscription (PhoneCodeRequested).
 */
export type PhoneCodeEvent = PhoneCodeRequested | PhoneCodeConfirmed;

export interface PhoneCodeRequested {
  type: 'PhoneCodeRequested';
  data: { codeId: string; phone: string; purpose: PhoneCodePurpose; userId: string | null; expiresAt: string; locale: Locale };
}

/** The right code was entered in time: the phone is proven for the purpose (a checkout got its proof). */
export interface PhoneCodeConfirmed {
  type: 'PhoneCodeConfirmed';
  data: { codeId: string; phone: string; purpose: PhoneCodePurpose };
}

export const phoneCodeStreamId = (codeId: string): string => `phone-code-${codeId}`;
