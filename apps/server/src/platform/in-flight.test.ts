import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { drainOnClose } from './in-flight.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('drainOnClose', () => {
  it('lets close wait for a request still being handled, so the database outlives it', async () => {
    const app = Fastify();
    drainOnClose(app, 5_000);
    let entered = false;
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => (finish = resolve));
    app.get('/slow', async () => {
      entered = true;
      await gate;
      return { ok: true };
    });
    await app.ready();
    const response = app.inject({ method: 'GET', url: '/slow' });
    while (!entered) await sleep(5);

    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await sleep(50);
    expect(closed).toBe(false);
    finish();
    expect((await response).statusCode).toBe(200);
    await closing;
    expect(closed).toBe(true);
  });

  it('closes at once when nothing is being handled', async () => {
    const app = Fastify();
    drainOnClose(app, 5_000);
    app.get('/fast', async () => ({ ok: true }));
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/fast' })).statusCode).toBe(200);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
