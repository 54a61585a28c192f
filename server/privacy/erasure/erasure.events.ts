/**
 * A person's personal data was erased (issue 21, ADR 053), on its own stream `erasure-<uuid>`: which kind of
 * request (the customer's own account, or a phone number by admin), the keys deleted (ids only: an account id or
 * the HMAC of a phone, never the number), the orders it covered and the reason. Who asked is in the metadata.
 */
export type PersonalDataErased = {
  type: 'PersonalDataErased';
  data: { subject: 'account' | 'phone'; keyIds: string[]; orderIds: string[]; reason: string; at: string };
};

export const erasureStreamId = (id: string) => `erasure-${id}`;

/** Each erasure is its own stream, written once. */
export const erasureFold = {
  initialState: () => ({ recorded: false }),
  evolve: (_state: { recorded: boolean }) => ({ recorded: true }),
};
