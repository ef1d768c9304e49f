import { afterEach, vi } from 'vitest';

// An unexpected console.error is a bug the test did not notice (CONVENTIONS.md).
const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  const seen = errors.splice(0);
  if (seen.length) throw new Error(`Unexpected console.error:\n${seen.map((args) => args.join(' ')).join('\n')}`);
});
