import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { startLocalS3 } from '../../../test/s3.js';
import { isReachable, SCALE_OUT_REDIS_URL } from '../../../test/services.js';

const redisUp = await isReachable(SCALE_OUT_REDIS_URL);
if (!redisUp) console.warn(`Redis is not reachable at ${SCALE_OUT_REDIS_URL}: skipping its readiness check`);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health and API documentation', () => {
  it('reports the database as reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('publishes an OpenAPI document generated from the contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/app/search-public/languages', '/api/app/address-public/get-cities']),
    );
    const places = response.json().paths['/api/app/search-public/search-places'].get;
    expect(places.parameters.map((parameter: { name: string }) => parameter.name)).toContain('query');
  });

  it('answers an unknown API path with the error model', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/app/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });
});

describe('health for load balancers', () => {
  it('answers live without asking anything', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers ready with the database and file storage checked', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok' } });
  });

  it('answers 503 with Retry-After naming the failing check when files cannot be stored', async () => {
    const broken = await createTestApp({ env: { DATA_DIR: '/dev/null/marco' } });
    try {
      const response = await broken.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        error: {
          code: 'NETWORK_ERROR',
          message: expect.any(String),
          details: { failed: ['storage'], checks: { database: 'ok', storage: 'failed' } },
        },
      });
      expect((await broken.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });

  it('asks S3 storage for its bucket (HeadBucket), and names storage when the bucket is missing', async () => {
    const s3 = await startLocalS3();
    const withS3 = await createTestApp({ env: s3.env });
    const missingBucket = await createTestApp({ env: { ...s3.env, S3_BUCKET: 'no-such-bucket' } });
    try {
      const response = await withS3.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode, response.body).toBe(200);
      const missing = await missingBucket.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(missing.statusCode).toBe(503);
      expect(missing.json().error.details.failed).toEqual(['storage']);
    } finally {
      await Promise.all([withS3.close(), missingBucket.close()]);
      await s3.close();
    }
  });

  it('answers 503 naming Redis while the configured Redis cannot be reached', async () => {
    // A port that was free a moment ago: nothing answers there.
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const broken = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    try {
      const response = await broken.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json().error.details).toEqual({
        failed: ['redis'],
        checks: { database: 'ok', storage: 'ok', redis: 'failed' },
      });
    } finally {
      await broken.close();
    }
  });

  it.skipIf(!redisUp)('checks Redis with a PING when it is configured', async () => {
    const withRedis = await createTestApp({
      env: { REDIS_URL: SCALE_OUT_REDIS_URL, REDIS_KEY_PREFIX: `marco-test-${crypto.randomUUID()}:` },
    });
    try {
      // Ready once both Redis connections are up, a moment after the start.
      let response = await withRedis.app.inject({ method: 'GET', url: '/api/health/ready' });
      for (let attempt = 0; attempt < 50 && response.statusCode === 503; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        response = await withRedis.app.inject({ method: 'GET', url: '/api/health/ready' });
      }
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().checks).toEqual({ database: 'ok', storage: 'ok', redis: 'ok' });
    } finally {
      await withRedis.close();
    }
  });
});
