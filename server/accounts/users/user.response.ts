import type { UserAccount } from './user-account';

/** The account as the storefront sees it (session storage keeps name, email and phone_number). */
export interface UserResponse {
  id: string;
  name: string;
  email: string;
  phone_number: string | null;
  role: UserAccount['role'];
  email_verified: boolean;
  invite_code: string | null;
}

export function toUserResponse(user: UserAccount): UserResponse {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone_number: user.phoneNumber,
    role: user.role,
    email_verified: user.emailVerifiedAt !== null,
    invite_code: user.inviteCode,
  };
}
