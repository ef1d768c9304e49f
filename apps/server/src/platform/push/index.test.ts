import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generateVAPIDKeys } from 'web-push';
import { type Config, loadConfig } from '../../config.js';
import { vapidKeysOf } from './index.js';

const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-vapid-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('VAPID keys', () => {
  it('outside production, generates a pair once into DATA_DIR and keeps it across restarts', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    const first = vapidKeysOf(config);
    expect(first?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first?.subject).toBe('mailto:support@marco.local');
    expect(vapidKeysOf(config)).toEqual(first);
    expect(fs.existsSync(path.join(config.DATA_DIR, 'vapid-keys.json'))).toBe(true);
  });

  it('uses the configured pair, and in production without one sends no push and writes nothing', () => {
    const pair = generateVAPIDKeys();
    const configured = loadConfig({
      DATA_DIR: dataDir(),
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: 'https://marco.example',
    });
    expect(vapidKeysOf(configured)).toEqual({ ...pair, subject: 'https://marco.example' });
    const production = { ...loadConfig({ DATA_DIR: dataDir() }), NODE_ENV: 'production' } as Config;
    expect(vapidKeysOf(production)).toBeNull();
    expect(fs.readdirSync(production.DATA_DIR)).toEqual([]);
  });
});
