/** Account answers: the signed-in user and the sign-in answer. */

export type AccountRole = 'customer' | 'care' | 'admin';

/** The account as the storefront sees it (session storage keeps name, email and phone_number). */
export interface UserResponse {
  id: string;
  name: string;
  email: string;
  phone_number: string | null;
  /** The phone was proven by a one-time code (issue 17); a number typed in the profile is not, until then. */
  phone_verified: boolean;
  role: AccountRole;
  email_verified: boolean;
  invite_code: string | null;
}

/** Issue 32: the delivery address a customer saved, which the checkout offers them (the area with its names). */
export interface SavedAddressResponse {
  area_id: string;
  area_name: string;
  area_name_bn: string;
  district: string;
  district_bn: string;
  address: string;
  landmark: string;
}

/** A bearer token and how many seconds it lasts. */
export interface AccessTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

/** The answer to a sign-in or a registration: the user and a bearer token. */
export interface SignedInResponse extends AccessTokenResponse {
  user: UserResponse;
}

/** POST /api/public/phone-codes and /api/user/phone-code: the same answer whether or not an SMS went. */
export interface PhoneCodeSentResponse {
  success: true;
  message: string;
}

/** POST /api/public/phone-codes/verify: the checkout's proof that its phone got the code (30 minutes). */
export interface PhoneProofResponse {
  success: true;
  message: string;
  phone_proof: string;
  expires_at: string;
}
