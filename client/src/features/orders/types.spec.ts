import { formatOrderDate, statusClass } from './types';

describe('order display', () => {
  it('turns a status name into its style class', () => {
    expect(statusClass('Pending')).toBe('pending');
    expect(statusClass('Out for Delivery')).toBe('out-for-delivery');
  });

  it('shows dates in Dhaka time', () => {
    expect(formatOrderDate('2026-11-22T20:00:00.000Z')).toBe('23 Nov 2026');
    expect(formatOrderDate('not a date')).toBe('not a date');
  });
});
