import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.js';

/** A bare app whose one route throws `error`, answered by Marco's error handler. */
async function answerTo(error: unknown) {
  const app = Fastify();
  registerErrorHandling(app);
  app.get('/fails', async () => {
    throw error;
  });
  try {
    return await app.inject({ method: 'GET', url: '/fails' });
  } finally {
    await app.close();
  }
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('errors of a service Marco needs', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['admin_shutdown (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['cannot_connect_now (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection exception (08006)', withCode('connection failure', '08006')],
    ['a connection ended by the server', new Error('Connection terminated unexpectedly')],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    ['a client that lost its connection', new Error('Client has encountered a connection error and is not queryable')],
    [
      'a query error wrapped by Drizzle',
      new Error('Failed query: select 1', { cause: withCode('the database system is shutting down', '57P03') }),
    ],
  ])('answers %s with 503 NETWORK_ERROR and Retry-After', async (_, error) => {
    const response = await answerTo(error);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ error: { code: 'NETWORK_ERROR', message: expect.any(String) } });
  });

  it('answers a real refused connection of node-postgres with 503', async () => {
    // Port 1 of the loopback: nothing listens there.
    const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:1/none' });
    const error = await client.connect().catch((failure: unknown) => failure);
    const response = await answerTo(error);
    expect(response.statusCode).toBe(503);
  });

  it('still answers any other failure with 500 and no internals', async () => {
    const response = await answerTo(withCode('duplicate key value violates unique constraint', '23505'));
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.json()).toEqual({ error: { code: 'SERVER_ERROR', message: 'Server error, try again later' } });
  });
});
