import { ConflictError } from '../../common/errors/domain-error';
import type { Decider } from '../../event-store/command-path/decider';
import { ERASED } from '../../event-store/personal-data/personal-data';
import type { PhoneEvent } from './phone.events';
import { OrderRuleViolation } from './order.errors';

/** Bangladeshi mobile numbers as the checkout stores them: 11 digits, 01 then an operator digit 3-9. */
const BD_MOBILE = /^01[3-9]\d{8}$/;

/**
 * `phone-<pseudonym>`: a phone's blocks, on a stream named by the keyed hash the personal-data key table names
 * the phone by (ADR 053), never by the number, so neither the event browser nor a backup shows the number once
 * it is erased (issue 27).
 */
export const phoneStreamId = (pseudonym: string) => `phone-${pseudonym}`;

/** Blocks recorded before issue 27 are on `phone-<number>`: read (their state still counts), never written again. */
export const legacyPhoneStreamId = (phone: string) => `phone-${phone}`;

/** The number as typed, without spaces, dashes or the country code; null when it is no mobile number. */
export function normalizePhoneNumber(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const compact = input.trim().replace(/[\s\-.()]/g, '').replace(/^\+?88(?=01)/, '');
  return BD_MOBILE.test(compact) ? compact : null;
}

export type PhoneState = { blocked: boolean };

export  const initialPhoneState = (): PhoneState => ({ blocked: false });

export function evolvePhone(state: PhoneState, event: PhoneEvent): PhoneState {
  switch (event.type) {
    case 'PhoneBlocked':
      // Erasing the number shreds its block with it (ADR 053): an erased block blocks nothing, as in `phone_risk`.
      return { blocked: event.data.phone !== ERASED };
    case 'PhoneUnblocked':
      return { blocked: false };
  }
}

type PhoneStep<T extends string> = { type: T; data: { phone: string; now: Date; reason: string } };
export type BlockPhone = PhoneStep<'BlockPhone'>;
export type UnblockPhone = PhoneStep<'UnblockPhone'>;
export type PhoneCommand = BlockPhone | UnblockPhone;

/** Blocking needs a reason and an unblocked phone; unblocking a blocked one. */
export function decidePhone(command: PhoneCommand, state: PhoneState): PhoneEvent[] {
  const reason = typeof command.data.reason === 'string' ? command.data.reason.trim() : '';
  if (!reason) throw new OrderRuleViolation('reason', 'reason-required');
  if (reason.length > 500) throw new OrderRuleViolation('reason', 'at-most-characters', { max: 500 });
  const { phone } = command.data;
  const at = command.data.now.toISOString();
  if (command.type === 'BlockPhone') {
    if (state.blocked) throw new ConflictError('phone-already-blocked', { phone });
    return [{ type: 'PhoneBlocked', data: { phone, at, reason } }];
  }
  if (!state.blocked) throw new ConflictError('phone-not-blocked', { phone });
  return [{ type: 'PhoneUnblocked', data: { phone, at, reason } }];
}

/** The phone aggregate's one face (ADR 041); the command path folds `phone-` streams with it. */
export const phoneDecider: Decider<PhoneCommand, PhoneEvent, PhoneState> = { decide: decidePhone, evolve: evolvePhone, initialState: initialPhoneState };
