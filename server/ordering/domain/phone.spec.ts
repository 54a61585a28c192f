import { ConflictError } from '../../common/errors/domain-error';
import { decidePhone, evolvePhone, initialPhoneState, normalizePhoneNumber, type PhoneCommand } from './phone';
import type { PhoneEvent } from './phone.events';
import { OrderRuleViolation } from './order.errors';

const now = new Date('2026-03-10T10:00:00.000Z');
const at = now.toISOString();
const phone = '01711111111';
const given = (...events: PhoneEvent[]) => ({
  when: (command: PhoneCommand) => () => decidePhone(command, events.reduce(evolvePhone, initialPhoneState())),
});
const block = (reason = 'refused 3 parcels'): PhoneCommand => ({ type: 'BlockPhone', data: { phone, now, reason } });
const unblock = (reason = 'paid the courier'): PhoneCommand => ({ type: 'UnblockPhone', data: { phone, now, reason } });

describe('phone decider', () => {
  it('blocks a phone with a reason, once', () => {
    expect(given().when(block())()).toEqual([{ type: 'PhoneBlocked', data: { phone, at, reason: 'refused 3 parcels' } }]);
    expect(given({ type: 'PhoneBlocked', data: { phone, at, reason: 'x' } }).when(block())).toThrow(ConflictError);
    expect(given().when(block('  '))).toThrow(OrderRuleViolation);
  });

  it('unblocks only a blocked phone', () => {
    expect(given().when(unblock())).toThrow(ConflictError);
    expect(given({ type: 'PhoneBlocked', data: { phone, at, reason: 'x' } }).when(unblock())()).toEqual([
      { type: 'PhoneUnblocked', data: { phone, at, reason: 'paid the courier' } },
    ]);
  });

  it('counts a block whose number was erased as none: the number and its block are forgotten together', () => {
    expect(given({ type: 'PhoneBlocked', data: { phone: '[erased]', at, reason: '[erased]' } }).when(block())()).toEqual([
      { type: 'PhoneBlocked', data: { phone, at, reason: 'refused 3 parcels' } },
    ]);
    expect(given({ type: 'PhoneBlocked', data: { phone: '[erased]', at, reason: '[erased]' } }).when(unblock())).toThrow(ConflictError);
  });

  it('reads a number as people type it', () => {
    expect(normalizePhoneNumber('+880 1711-111111')).toBe(phone);
    expect(normalizePhoneNumber('01711111111')).toBe(phone);
    expect(normalizePhoneNumber('phone-0171')).toBeNull();
  });
});
