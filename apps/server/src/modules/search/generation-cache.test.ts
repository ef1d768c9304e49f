import { describe, expect, it } from 'vitest';
import { GenerationCache } from './generation-cache.js';

const counter = () => {
  let calls = 0;
  return {
    compute: async () => {
      calls += 1;
      return calls;
    },
    calls: () => calls,
  };
};

describe('GenerationCache', () => {
  it('serves a value only while the generation it was computed for is current', async () => {
    const cache = new GenerationCache<number>({ ttlMs: 60_000, maxEntries: 10 });
    const { compute, calls } = counter();
    expect(await cache.get('k', 1n, 0, compute)).toBe(1);
    expect(await cache.get('k', 1n, 10, compute)).toBe(1);
    expect(await cache.get('k', 2n, 20, compute)).toBe(2);
    expect(calls()).toBe(2);
  });

  it('peeks at a value only while get would serve it as it is, without a refresh', async () => {
    const cache = new GenerationCache<number>({ ttlMs: 1_000, maxEntries: 10 });
    const { compute } = counter();
    expect(cache.peek('k', 1n, 0)).toBeUndefined();
    await cache.get('k', 1n, 0, compute);
    expect(cache.peek('k', 1n, 999)).toBe(1);
    expect(cache.peek('k', 1n, 1_000)).toBeUndefined();
    expect(cache.peek('k', 2n, 10)).toBeUndefined();
    expect(cache.peek('k', 1n, 10, 1n)).toBeUndefined();
  });

  it('shares one computation between concurrent misses of a key', async () => {
    const cache = new GenerationCache<number>({ ttlMs: 60_000, maxEntries: 10 });
    const { compute, calls } = counter();
    const values = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', 1n, 0, compute)));
    expect(values).toEqual(Array(20).fill(1));
    expect(calls()).toBe(1);
  });

  it('answers from the expired value while a fresh one is computed, then serves the fresh one', async () => {
    const cache = new GenerationCache<number>({ ttlMs: 1_000, maxEntries: 10 });
    const { compute, calls } = counter();
    await cache.get('k', 1n, 0, compute);
    expect(await cache.get('k', 1n, 5_000, compute)).toBe(1);
    expect(calls()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('k', 1n, 5_001, compute)).toBe(2);
  });

  it('computes again after a failed computation instead of remembering the failure', async () => {
    const cache = new GenerationCache<number>({ ttlMs: 60_000, maxEntries: 10 });
    await expect(cache.get('k', 1n, 0, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', 1n, 1, async () => 7)).toBe(7);
  });

  it('forgets the oldest keys beyond its size', async () => {
    const cache = new GenerationCache<number>({ ttlMs: 60_000, maxEntries: 2 });
    const { compute, calls } = counter();
    await cache.get('a', 1n, 0, compute);
    await cache.get('b', 1n, 0, compute);
    await cache.get('c', 1n, 0, compute);
    await cache.get('a', 1n, 0, compute);
    expect(calls()).toBe(4);
  });

  it('forgets the keys least recently asked for, not a key asked all the time', async () => {
    const cache = new GenerationCache<number>({ ttlMs: 60_000, maxEntries: 2 });
    const { compute, calls } = counter();
    await cache.get('popular', 1n, 0, compute);
    await cache.get('b', 1n, 0, compute);
    expect(cache.peek('popular', 1n, 0)).toBeDefined();
    await cache.get('c', 1n, 0, compute);
    await cache.get('popular', 1n, 0, compute);
    await cache.get('d', 1n, 0, compute);
    expect(cache.peek('popular', 1n, 0)).toBeDefined();
    expect(cache.peek('c', 1n, 0)).toBeUndefined();
    expect(calls()).toBe(4);
  });

  describe('with bounded staleness', () => {
    const setup = () => {
      let clock = 0;
      const cache = new GenerationCache<number>({
        ttlMs: 60_000,
        maxEntries: 10,
        stale: { refreshAfterMs: 1_000, maxAgeMs: 3_000 },
        monotonicMs: () => clock,
      });
      return { cache, tick: (ms: number) => (clock += ms), ...counter() };
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    it('answers from a changed value at once, and computes it again in the background once it is old enough', async () => {
      const { cache, tick, compute, calls } = setup();
      expect(await cache.get('k', 1n, 0, compute)).toBe(1);
      tick(500);
      expect(await cache.get('k', 2n, 0, compute)).toBe(1);
      expect(calls()).toBe(1);
      tick(600);
      // Many requests, one refresh.
      const answers = await Promise.all(Array.from({ length: 5 }, () => cache.get('k', 3n, 0, compute)));
      expect(answers).toEqual([1, 1, 1, 1, 1]);
      await settle();
      expect(calls()).toBe(2);
      expect(await cache.get('k', 3n, 0, compute)).toBe(2);
    });

    it('never answers from a value older than its limit', async () => {
      const { cache, tick, compute, calls } = setup();
      await cache.get('k', 1n, 0, compute);
      tick(3_000);
      expect(await cache.get('k', 2n, 0, compute)).toBe(2);
      expect(calls()).toBe(2);
    });

    it('never answers from a value computed before a guide stopped being public', async () => {
      const { cache, compute, calls } = setup();
      await cache.get('k', 1n, 0, compute, 0n);
      expect(await cache.get('k', 2n, 0, compute, 1n)).toBe(2);
      expect(calls()).toBe(2);
    });
  });
});
