/**
 * Facts about an account, recorded on its `user-<id>` stream. The `users` table is the account's state and
 * is written in the transaction that appends these. No event carries a password hash or a raw token: a
 * token event names the token row (`tokenId`), whose hash alone is stored.
 *
 * Consumers: the mail subscription (server/mail) sends a mail for PasswordResetRequested,
 * EmailVerificationRequested and PasswordResetCompleted.
 */
export type AccountEvent =
  | CustomerRegistered
  | CustomerProfileUpdated
  | PasswordChanged
  | PasswordResetRequested
  | PasswordResetCompleted
  | EmailVerificationRequested
  | EmailVerified
  | EmailChanged
  | StaffMemberAdded
  | StaffMemberDisabled
  | StaffInvitationSent
  | StaffInvitationResent
  | StaffInvitationRevoked
  | StaffPasswordSet
  | PhoneVerified
  | PhoneProofWithdrawn
  | GuestOrdersJoined
  | DeliveryAddressSaved;

/**
 * The account's phone was proven by a one-time code sent to it (issue 17): set from the profile (`account-phone`)
 * or through recovery by phone. The phone replaces any other on the account. Coupons limited to verified phones
 * and recovery by phone rely on it.
 */
export interface PhoneVerified {
  type: 'PhoneVerified';
  data: { userId: string; phone: string; codeId: string; via: 'account-phone' | 'recovery' };
}

/**
 * Another account proved this account's phone with a code sent to it (ADR 057): a number belongs to whoever
 * receives its codes now (numbers are recycled), so this account's proof ends and its phone reads unproven.
 * The phone stays typed on the account; it counts for nothing until proven again.
 */
export interface PhoneProofWithdrawn {
  type: 'PhoneProofWithdrawn';
  data: { userId: string; phone: string; codeId: string };
}

/**
 * Issue 32 (ADR 065): the guest orders placed from a phone before this account proved it join the account's
 * history, recorded with the proof (same append) so the order read models follow it on every rebuild. Only
 * orders placed before the proof, never an order of a number merely typed; no personal field.
 */
export interface GuestOrdersJoined {
  type: 'GuestOrdersJoined';
  data: { userId: string; orderIds: string[] };
}

/**
 * Issue 32 (ADR 065): the customer saved the address the checkout offers them next time: an area from the
 * address picker (district, upazila or city thana id), house and road, an optional landmark. Address and
 * landmark are sealed under the account's key (ADR 053).
 */
export interface DeliveryAddressSaved {
  type: 'DeliveryAddressSaved';
  data: { userId: string; areaId: string; address: string; landmark: string };
}

/** An admin (or `npm run staff`) added a staff account; its owner sets a password through the mailed link. */
export interface StaffMemberAdded {
  type: 'StaffMemberAdded';
  data: { userId: string; name: string; email: string; role: 'care' | 'admin' };
}

/**
 * A staff member was invited (issue 31, ADR 066): a set-password link (token row `tokenId`, valid until
 * `expiresAt`) is mailed in `locale`, "You're invited to run <store> as <role>". The raw token travels only in
 * the encrypted envelope keyed by this event's id (docs/decisions/021).
 */
export interface StaffInvitationSent {
  type: 'StaffInvitationSent';
  data: {
    userId: string;
    email: string;
    name: string;
    role: 'care' | 'admin';
    tokenId: string;
    linkOrigin: string;
    expiresAt: string;
    locale: 'en' | 'bn';
    /** The inviting admin's name, which the mail gives (null from `npm run staff`). */
    invitedBy: string | null;
  };
}

/** An admin sent the invitation again: a new link, the older ones stop working. Mailed like the first. */
export interface StaffInvitationResent {
  type: 'StaffInvitationResent';
  data: StaffInvitationSent['data'];
}

/** An admin withdrew an invitation nobody accepted: its links stop working and the account is removed. */
export interface StaffInvitationRevoked {
  type: 'StaffInvitationRevoked';
  data: { userId: string; email: string };
}

/** The invited member set a password with the mailed link (`tokenId`) and is a working member from now on. */
export interface StaffPasswordSet {
  type: 'StaffPasswordSet';
  data: { userId: string; tokenId: string; changedAt: string };
}

/** An admin disabled a staff account: its tokens stop working and it can no longer log in. */
export interface StaffMemberDisabled {
  type: 'StaffMemberDisabled';
  data: { userId: string; email: string };
}

/** A visitor created a customer account; `referredBy` is the inviting customer when an invite code was used. */
export interface CustomerRegistered {
  type: 'CustomerRegistered';
  data: { userId: string; name: string; email: string; inviteCode: string; referredBy: string | null };
}

/** The customer changed the name or phone number on their profile. */
export interface CustomerProfileUpdated {
  type: 'CustomerProfileUpdated';
  data: { userId: string; name: string; phoneNumber: string | null };
}

/** A signed-in user set a new password; tokens issued before `changedAt` stop working. */
export interface PasswordChanged {
  type: 'PasswordChanged';
  data: { userId: string; changedAt: string };
}

/**
 * Someone asked for a reset link for this account's e-mail. Fires the reset mail; the raw token travels
 * only in an encrypted envelope keyed by this event's id (docs/decisions/021).
 */
export interface PasswordResetRequested {
  type: 'PasswordResetRequested';
  data: { userId: string; email: string; name: string; tokenId: string; linkOrigin: string; expiresAt: string };
}

/** The reset link was used: the password is new, every older session has ended. Fires a notice mail. */
export interface PasswordResetCompleted {
  type: 'PasswordResetCompleted';
  /** `via: 'phone'`: the password was reset with a code sent to the account's phone (tokenId is the code's row). */
  data: { userId: string; email: string; name: string; tokenId: string; changedAt: string; via?: 'phone' };
}

/**
 * A verification link was issued, mailed to `email`: the account's existing address when asked through
 * phone recovery (docs/decisions/022), or the new address after an e-mail change.
 */
export interface EmailVerificationRequested {
  type: 'EmailVerificationRequested';
  data: {
    userId: string;
    email: string;
    name: string;
    tokenId: string;
    linkOrigin: string;
    expiresAt: string;
    reason: 'phone-recovery' | 'email-changed';
  };
}

/** The account's e-mail was proven by a verification link. */
export interface EmailVerified {
  type: 'EmailVerified';
  data: { userId: string; email: string; tokenId: string };
}

/** The account's e-mail was replaced through a verification link sent to the previous address. */
export interface EmailChanged {
  type: 'EmailChanged';
  data: { userId: string; previousEmail: string; newEmail: string; tokenId: string };
}

/**
 * Sessions that outlive a tab (ADR 066), each on its own `session-<sessionId>` stream: one began (a sign-in,
 * a registration, a password set) or ended (signed out; `replayed`: a refresh secret used again after it was
 * rotated, so the session is ended rather than handed to whoever holds the copy). Sessions of a disabled member
 * or of an account whose password changed end with that account event, without one of these each.
 */
export type SessionEvent = SessionStarted | SessionEnded;

export interface SessionStarted {
  type: 'SessionStarted';
  data: { sessionId: string; userId: string; via: 'login' | 'register' | 'invitation' | 'password-change'; expiresAt: string };
}

export interface SessionEnded {
  type: 'SessionEnded';
  data: { sessionId: string; userId: string; reason: 'signed-out' | 'replayed' };
}
