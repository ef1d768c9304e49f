import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { ManualClock } from '../clock.js';
import { AppError } from '../errors.js';
import { createRateLimiter } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('database rate limiter', () => {
  it('allows `limit` hits per window, then tells how long to wait, then opens a new window', async () => {
    const clock = new ManualClock('2030-01-01T00:00:00.000Z');
    const limiter = createRateLimiter(t.database.db, clock);
    const rule = { limit: 3, windowSeconds: 60 };
    const results = [];
    for (let hit = 0; hit < 4; hit++) results.push(await limiter.hit('test:window', rule));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    clock.advance(45);
    expect(await limiter.hit('test:window', rule)).toMatchObject({ allowed: false, retryAfterSeconds: 15 });
    clock.advance(15);
    expect(await limiter.hit('test:window', rule)).toMatchObject({ allowed: true, count: 1 });
  });

  it('loses no hit under concurrency: exactly `limit` of many simultaneous hits pass', async () => {
    const limiter = createRateLimiter(t.database.db, new ManualClock());
    const results = await Promise.all(
      Array.from({ length: 25 }, () => limiter.hit('test:concurrent', { limit: 10, windowSeconds: 60 })),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(10);
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, index) => index + 1),
    );
  });

  it('keeps separate counters per key and throws TOO_MANY_ATTEMPTS from consume', async () => {
    const limiter = createRateLimiter(t.database.db, new ManualClock());
    const rule = { limit: 1, windowSeconds: 30 };
    await limiter.consume('test:a', rule);
    await limiter.consume('test:b', rule);
    const error = await limiter.consume('test:a', rule).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', status: 429, details: { retryAfterSeconds: 30 } });
  });

  it('peeks at a window without counting, forgets a finished one, and clears a key', async () => {
    const clock = new ManualClock('2030-01-01T00:00:00.000Z');
    const limiter = createRateLimiter(t.database.db, clock);
    expect(await limiter.peek('test:peek', 60)).toEqual({ count: 0, windowStart: null });
    await limiter.hit('test:peek', { limit: 5, windowSeconds: 60 });
    await limiter.hit('test:peek', { limit: 5, windowSeconds: 60 });
    expect(await limiter.peek('test:peek', 60)).toEqual({ count: 2, windowStart: clock.now() });
    expect(await limiter.peek('test:peek', 60)).toMatchObject({ count: 2 });
    clock.advance(60);
    expect(await limiter.peek('test:peek', 60)).toEqual({ count: 0, windowStart: null });
    await limiter.hit('test:peek', { limit: 5, windowSeconds: 60 });
    await limiter.clear('test:peek');
    expect(await limiter.peek('test:peek', 60)).toEqual({ count: 0, windowStart: null });
  });
});
