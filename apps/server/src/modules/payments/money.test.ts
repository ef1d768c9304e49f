import { cancellationRefundMinor } from '@marco/contract/payments';
import { describe, expect, it } from 'vitest';
import { commissionOf } from './money.js';

describe('commission', () => {
  it.each([
    [10_000, 15, 1_500],
    [999, 15, 150], // 149.85 rounds up
    [1, 15, 0],
    [10_001, 12.5, 1_250], // 1250.125 rounds down
    [15_000, 0, 0],
    [15_000, 100, 15_000],
  ])('of %i minor units at %f %% is %i', (gross, percent, commission) => {
    expect(commissionOf(gross, percent)).toBe(commission);
  });
});

describe('the refund rule (spec §9)', () => {
  const start = new Date('2026-06-08T07:00:00Z');
  const before = (ms: number) => new Date(start.getTime() - ms);
  const DAY = 24 * 3_600_000;

  it('refunds everything 24 h or more before the start, nothing later', () => {
    expect(cancellationRefundMinor(10_000, start, before(DAY + 60_000))).toBe(10_000);
    expect(cancellationRefundMinor(10_000, start, before(DAY))).toBe(10_000);
    expect(cancellationRefundMinor(10_000, start, before(DAY - 60_000))).toBe(0);
    expect(cancellationRefundMinor(10_000, start, start)).toBe(0);
  });
});
