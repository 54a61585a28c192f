/** Account answers: the signed-in user and the sign-in answer. */

export type AccountRole = 'customer' | 'care' | 'admin';

/** The account as the storefront sees it (session storage keeps name, email and phone_number). */
export interface UserResponse {
  id: string;
  name: string;
  email: string;
  phone_number: string | null;
  role: AccountRole;
  email_verified: boolean;
  invite_code: string | null;
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
