import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { registerErrorHandling } from './errors.js';
import { requestIdGenerator, sendRequestId } from './request-id.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const withHeader = (value: string) => ({ headers: { 'x-request-id': value } }) as unknown as IncomingMessage;

describe('requestIdGenerator', () => {
  it('makes a new id for every request, whatever the client sends, when no proxy is trusted', () => {
    const generate = requestIdGenerator(false);
    expect(generate(withHeader('proxy-id-1'))).toMatch(UUID);
    expect(generate(withHeader('proxy-id-1'))).not.toBe(generate(withHeader('proxy-id-1')));
  });

  it('keeps a trusted proxy’s id only when it is at most 64 letters, digits, - and _', () => {
    const generate = requestIdGenerator(true);
    expect(generate(withHeader('Root=1-67891233_abcdef'))).toMatch(UUID);
    expect(generate(withHeader('lb-7f3a_09'))).toBe('lb-7f3a_09');
    expect(generate(withHeader('a'.repeat(64)))).toBe('a'.repeat(64));
    expect(generate(withHeader('a'.repeat(65)))).toMatch(UUID);
    expect(generate(withHeader('id\nforged log line'))).toMatch(UUID);
    expect(generate(withHeader(''))).toMatch(UUID);
    expect(generate({ headers: {} } as IncomingMessage)).toMatch(UUID);
  });
});

describe('X-Request-Id on every answer', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en" dir="ltr"><body>app</body></html>');
    // createTestApp trusts the proxy (TRUST_PROXY=true), as behind a load balancer.
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('names a fresh id on JSON answers, API errors, validation errors and HTML pages', async () => {
    const answers = await Promise.all([
      t.app.inject({ url: '/api/app/search-public/languages' }),
      t.app.inject({ url: '/api/app/no-such-call' }),
      t.app.inject({ url: `/api/app/custom-user-account-public/get-profile-picture/not-a-uuid` }),
      t.app.inject({ url: '/en/' }),
      t.app.inject({ url: '/en/no-such-page' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 400, 200, 404]);
    const ids = answers.map((answer) => answer.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps the trusted proxy’s sane id, and replaces one that is not', async () => {
    const kept = await t.app.inject({ url: '/en/', headers: { 'x-request-id': 'edge-0a1b2c3d' } });
    expect(kept.headers['x-request-id']).toBe('edge-0a1b2c3d');
    const replaced = await t.app.inject({ url: '/en/', headers: { 'x-request-id': 'x'.repeat(65) } });
    expect(replaced.headers['x-request-id']).toMatch(UUID);
  });
});

describe('X-Request-Id without a trusted proxy', () => {
  it('names its own id on a 500, ignoring the one the client sent', async () => {
    const app = Fastify({ genReqId: requestIdGenerator(false) });
    registerErrorHandling(app);
    sendRequestId(app);
    let loggedId = '';
    app.get('/broken', async (request) => {
      loggedId = request.id;
      throw new Error('broken');
    });
    const response = await app.inject({ url: '/broken', headers: { 'x-request-id': 'chosen-by-client' } });
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'SERVER_ERROR', message: 'Server error, try again later' } });
    expect(response.headers['x-request-id']).toMatch(UUID);
    expect(response.headers['x-request-id']).toBe(loggedId);
  });
});
