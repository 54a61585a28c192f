import type { UserResponse } from '../../../contracts/accounts';
import type { UserAccount } from './user-account';

export type { UserResponse };

export function toUserResponse(user: UserAccount): UserResponse {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone_number: user.phoneNumber,
    phone_verified: user.phoneNumber !== null && user.phoneVerifiedAt !== null,
    role: user.role,
    email_verified: user.emailVerifiedAt !== null,
    invite_code: user.inviteCode,
  };
}
