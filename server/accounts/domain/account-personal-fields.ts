import { registerPersonalFields } from '../../event-store/personal-data/personal-data';

/** A customer's name, e-mail and phone in their account's events, sealed under the account's key, and the phone of a phone code under the phone's (ADR 053). */
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
    PhoneVerified: ['phone'],
    PhoneProofWithdrawn: ['phone'],
    DeliveryAddressSaved: ['address', 'landmark'],
  };
  for (const [type, paths] of Object.entries(fields)) registerPersonalFields(type, { subject, paths });
  // A phone code's events name the phone it went to, under that phone's key (a guest's proof at checkout has no account).
  const phoneSubject = (data: Record<string, unknown>) => (typeof data.phone === 'string' ? { kind: 'phone' as const, phone: data.phone } : null);
  for (const type of ['PhoneCodeRequested', 'PhoneCodeConfirmed']) registerPersonalFields(type, { subject: phoneSubject, paths: ['phone'] });
}
