import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { initI18n, loadNamespaces, NAMESPACES } from '@/i18n/i18n';
import { jsonResponse } from './mock-fetch';

// Lazy pages and catalogs load through Vite's transform the first time a test needs them, which
// took longer than findBy's default second while the test workers shared a busy 2-core machine.
// A longer wait costs nothing when things are quick: findBy returns as soon as it finds.
configure({ asyncUtilTimeout: 5000 });

await initI18n('en');
// Pages load their own namespaces on the way in; tests render pages directly.
await loadNamespaces(NAMESPACES);
// Every render's ToastProvider loads the toasts' look after its first paint, and with it the
// icons (lucide-react, drawn from the sprite: src/dev/icon-sprite-plugin.ts). Loaded before the
// tests, that import cannot still be on its way when a quick test file ends and its
// environment is torn down.
await import('@/components/ui/toast-item');

// jsdom does not implement scrolling; React Router's ScrollRestoration calls these. (A test of
// the server's renderer runs in Node, without a window.)
if (typeof window !== 'undefined') {
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
}

let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  // An unexpected console.error fails the test. A test that expects one mocks it itself:
  // vi.mocked(console.error).mockImplementation(() => {}).
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  // No test reaches the network: every call answers an empty list unless a test says otherwise.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ data: [] })),
  );
});

afterEach(() => {
  cleanup();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    const text = errors.map((args) => args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '));
    throw new Error(`console.error was called during the test:\n${text.join('\n')}`);
  }
});
