import { describe, expect, it } from 'vitest';
import { backoffDelay } from './chat-socket';

describe('reconnect backoff', () => {
  it('doubles from half a second up to 30 seconds, with jitter between half and all of it', () => {
    expect([0, 1, 2, 3].map((attempt) => backoffDelay(attempt, () => 1))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffDelay(20, () => 1)).toBe(30_000);
    expect(backoffDelay(3, () => 0)).toBe(2000);
  });
});
