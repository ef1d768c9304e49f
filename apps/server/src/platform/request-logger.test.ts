import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger } from './request-logger.js';

async function appLoggingAt(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(JSON.parse(String(chunk)));
      callback();
    },
  });
  const app = Fastify({ logger: { level, stream }, childLoggerFactory: lazyRequestLogger, genReqId: () => 'req-1' });
  app.get('/quiet', async (request) => {
    request.log.debug('below the level');
    return { ok: true };
  });
  app.get('/warns', async (request) => {
    request.log.warn({ detail: 'x' }, 'something to look at');
    request.log.child({ step: 'two' }).error('a child line');
    return { ok: true };
  });
  return { app, lines };
}

describe('request logger', () => {
  it('binds the request id to each line a request writes, children included', async () => {
    const { app, lines } = await appLoggingAt('warn');
    await app.inject({ method: 'GET', url: '/warns' });
    await app.close();
    expect(lines).toEqual([
      expect.objectContaining({ reqId: 'req-1', level: 40, detail: 'x', msg: 'something to look at' }),
      expect.objectContaining({ reqId: 'req-1', level: 50, step: 'two', msg: 'a child line' }),
    ]);
  });

  it('writes nothing below the level, Fastify’s request lines included, and all of them at it', async () => {
    const quiet = await appLoggingAt('warn');
    await quiet.app.inject({ method: 'GET', url: '/quiet' });
    await quiet.app.close();
    expect(quiet.lines).toEqual([]);

    const verbose = await appLoggingAt('debug');
    await verbose.app.inject({ method: 'GET', url: '/quiet' });
    await verbose.app.close();
    expect(verbose.lines.map((line) => line.msg)).toEqual(['incoming request', 'below the level', 'request completed']);
    expect(verbose.lines.every((line) => line.reqId === 'req-1')).toBe(true);
  });
});
