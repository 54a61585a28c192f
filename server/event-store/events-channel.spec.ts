import type { RecordedEvent } from './event-store.types';
import { appendNotification, concerns, typesInNotification } from './events-channel';

function recorded(type: string, position: number): RecordedEvent {
  return { id: `id-${position}`, streamId: 's', streamPosition: position, type, schemaVersion: 1, data: {}, metadata: { correlationId: 'c', causationId: null, actor: { id: 'a', role: 'system' } }, globalPosition: BigInt(position), recordedAt: new Date(0), transactionId: 1n };
}

describe('the events channel payload', () => {
  it('names the last position and each event type once', () => {
    const payload = appendNotification([recorded('OrderPlaced', 7), recorded('StockReserved', 8), recorded('StockReserved', 9)]);
    expect(JSON.parse(payload)).toEqual({ position: '9', types: ['OrderPlaced', 'StockReserved'] });
    expect(typesInNotification(payload)).toEqual(new Set(['OrderPlaced', 'StockReserved']));
  });

  it('leaves out a list of types too long for a NOTIFY payload, which then concerns everyone', () => {
    const events = Array.from({ length: 400 }, (_, index) => recorded(`SomeRatherLongEventTypeName${index}`, index + 1));
    const payload = appendNotification(events);
    expect(payload.length).toBeLessThan(8_000);
    expect(typesInNotification(payload)).toBeNull();
    expect(concerns(['Anything'], typesInNotification(payload))).toBe(true);
  });

  it('wakes a subscription only for its types, and every one for a payload without types', () => {
    expect(concerns(['StockReserved'], new Set(['OrderPlaced', 'StockReserved']))).toBe(true);
    expect(concerns(['ProductUpdated'], new Set(['OrderPlaced', 'StockReserved']))).toBe(false);
    expect(concerns(undefined, new Set(['OrderPlaced']))).toBe(true);
    for (const payload of [undefined, '', '42', 'not json', '{"position":"3"}', '{"types":[1]}']) {
      expect(concerns(['ProductUpdated'], typesInNotification(payload))).toBe(true);
    }
  });
});
