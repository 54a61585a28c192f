import { layout, RenderedMail, StoreIdentity } from './layout';

export function passwordResetMail(store: StoreIdentity, name: string, link: string): RenderedMail {
  return layout(
    store,
    `Reset your ${store.name} password`,
    `Hello ${name},`,
    ['We received a request to reset the password of your account. The link below works once, for 30 minutes.'],
    { label: 'Set a new password', url: link },
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  );
}

export function emailVerificationMail(store: StoreIdentity, name: string, link: string, reason: string): RenderedMail {
  const why =
    reason === 'email-changed'
      ? 'Your account now uses this e-mail address. Please confirm it with the link below.'
      : 'Someone (hopefully you) asked to recover your account with its phone number. Confirm or update your e-mail address with the link below.';
  return layout(
    store,
    `Verify your e-mail for ${store.name}`,
    `Hello ${name},`,
    [why, 'The link works once, for 24 hours.'],
    { label: 'Verify e-mail', url: link },
    'If you did not ask for this, ignore this mail: nothing changes without the link.',
  );
}

export function passwordResetNoticeMail(store: StoreIdentity, name: string): RenderedMail {
  return layout(
    store,
    `Your ${store.name} password was changed`,
    `Hello ${name},`,
    [
      'The password of your account was just reset with a link sent to this address. You have been signed out everywhere else.',
      `If this was not you, reset your password again at ${store.origin}/forget-password and contact us${store.email ? ` at ${store.email}` : ''}.`,
    ],
  );
}
