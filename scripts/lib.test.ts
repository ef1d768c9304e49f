import { describe, expect, it } from 'vitest';
import { compiledServer, SERVER_NODE_FLAGS } from './lib.mjs';

describe('compiledServer', () => {
  it('gives the heap less room when the embedded database shares the process', () => {
    const { args } = compiledServer({});
    expect(args).toContain('--max-old-space-size=128');
    expect(args).toContain('--max-semi-space-size=4');
    expect(args.filter((arg) => arg.startsWith('--max-old-space-size='))).toHaveLength(1);
    expect(args.filter((arg) => arg.startsWith('--max-semi-space-size='))).toHaveLength(1);
    expect(args.at(-1)).toBe('apps/server/dist/main.js');
  });

  it('runs with the limits of node-flags.json on PostgreSQL, as the container does', () => {
    const { args } = compiledServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(args.slice(0, SERVER_NODE_FLAGS.length)).toEqual(SERVER_NODE_FLAGS);
  });

  it('uses two malloc arenas unless the environment says otherwise', () => {
    expect(compiledServer({ PORT: '3000' }).env).toEqual({ PORT: '3000', MALLOC_ARENA_MAX: '2' });
    expect(compiledServer({ MALLOC_ARENA_MAX: '4' }).env.MALLOC_ARENA_MAX).toBe('4');
  });
});
