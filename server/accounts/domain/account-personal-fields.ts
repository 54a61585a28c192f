import { registerPersonalFields } from '../../event-store/personal-data/personal-data';

/** A customer's name, e-mail and phone in their account's events, sealed under the account's key (ADR 053). */
export function registerAccountPersonalFields(): void {
  const subject = (data: Record<string, unknown>) => (typeof data.userId === 'string' ? { kind: 'account' as const, userId: data.userId } : null);
  const fields: Record<string, string[]> = {
    CustomerRegistered: ['name', 'email'],
    CustomerProfileUpdated: ['name', 'phoneNumber'],
    PasswordResetRequested: ['name', 'email'],
    PasswordResetCompleted: ['name', 'email'],
    EmailVerificationRequested: ['name', 'email'],
    EmailVerified: ['email'],
    EmailChanged: ['previousEmail', 'newEmail'],
  };
  for (const [type, paths] of Object.entries(fields)) registerPersonalFields(type, { subject, paths });
}
