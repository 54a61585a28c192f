import { layout, MailLocale, RenderedMail, StoreIdentity } from './layout';

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

const bengaliDate = new Intl.DateTimeFormat('bn-BD', { day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Dhaka' });
const englishDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Dhaka' });

/**
 * A staff invitation (issue 31): "You're invited to run <store> as care", the link to the console's
 * set-password page and until when it works (Dhaka time), in the language the admin's console spoke.
 */
export function staffInvitationMail(
  store: StoreIdentity,
  invite: { name: string; role: string; link: string; expiresAt: Date; invitedBy: string | null },
  locale: MailLocale = 'en',
): RenderedMail {
  const admin = invite.role === 'admin';
  if (locale === 'bn') {
    const role = admin ? 'অ্যাডমিন' : 'কাস্টমার কেয়ার';
    return layout(
      store,
      `${store.name} চালাতে আপনাকে ${role} হিসেবে আমন্ত্রণ`,
      `প্রিয় ${invite.name},`,
      [
        `${invite.invitedBy ? `${invite.invitedBy} আপনাকে` : 'আপনাকে'} ${store.name}-এর অপারেশনস কনসোলে ${role} হিসেবে যোগ দিতে আমন্ত্রণ জানিয়েছেন।`,
        admin
          ? 'অ্যাডমিন হিসেবে আপনি পণ্য, স্টক, সেটিংস ও কর্মীদের দেখাশোনা করবেন এবং অর্ডার সামলাবেন।'
          : 'কাস্টমার কেয়ার হিসেবে আপনি অর্ডার নিশ্চিত করবেন, ক্রেতাদের কল করবেন এবং ডেলিভারি পর্যন্ত অর্ডার এগিয়ে নেবেন।',
        `নিচের লিংকে একটি পাসওয়ার্ড ঠিক করুন; তারপর আপনি সরাসরি কনসোলে ঢুকবেন। লিংকটি একবার কাজ করবে, ${bengaliDate.format(invite.expiresAt)} (ঢাকা সময়) পর্যন্ত।`,
      ],
      { label: 'পাসওয়ার্ড ঠিক করে কনসোলে যান', url: invite.link },
      'আমন্ত্রণটি অপ্রত্যাশিত হলে মেইলটি উপেক্ষা করুন: পাসওয়ার্ড ছাড়া অ্যাকাউন্টটি কেউ ব্যবহার করতে পারবে না।',
      'bn',
    );
  }
  const role = admin ? 'admin' : 'care';
  return layout(
    store,
    `You're invited to run ${store.name} as ${role}`,
    `Hello ${invite.name},`,
    [
      `${invite.invitedBy ?? 'An administrator'} invited you to the ${store.name} operations console as ${admin ? 'an administrator' : 'customer care'}.`,
      admin
        ? 'As an administrator you look after products, stock, settings and staff, and handle orders.'
        : 'As customer care you confirm orders, call shoppers and take orders through to delivery.',
      `Set a password with the link below and you are in the console. The link works once, until ${englishDate.format(invite.expiresAt)} (Dhaka time).`,
    ],
    { label: 'Set your password and open the console', url: invite.link },
    'If you did not expect this invitation, ignore this mail: nobody can use the account without a password.',
  );
}
