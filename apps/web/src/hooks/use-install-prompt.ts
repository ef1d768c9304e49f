import { useCallback, useSyncExternalStore } from 'react';

/** Chromium's install event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * How Marco can be installed here: `prompt` where the browser offers its own install
 * dialog (Chromium), `ios` where the visitor adds it through Safari's Share menu,
 * `installed` when it already runs as an installed app, else `unavailable`.
 */
export type InstallMode = 'prompt' | 'ios' | 'installed' | 'unavailable';

let promptEvent: BeforeInstallPromptEvent | null = null;
let isInstalled = false;
let isListening = false;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/**
 * Starts listening for `beforeinstallprompt` at start-up (main.tsx): the browser fires it
 * once, usually before the home page's lazy chunk has loaded.
 */
export function listenForInstallPrompt(): void {
  if (isListening || typeof window === 'undefined') return;
  isListening = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    promptEvent = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    promptEvent = null;
    isInstalled = true;
    notify();
  });
}

/** iPhone, iPod and iPad (iPadOS reports itself as a Mac with a touch screen). */
export function isAppleMobile(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  return /iPad|iPhone|iPod/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
}

function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

function currentMode(): InstallMode {
  if (isInstalled || isStandalone()) return 'installed';
  if (promptEvent) return 'prompt';
  if (isAppleMobile(navigator.userAgent, navigator.platform, navigator.maxTouchPoints ?? 0)) return 'ios';
  return 'unavailable';
}

function subscribe(listener: () => void): () => void {
  listenForInstallPrompt();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Offers the browser's own "install app" prompt when the browser makes one available, and
 * tells iOS visitors to use Share → Add to Home Screen instead.
 */
export function useInstallPrompt(): { mode: InstallMode; canInstall: boolean; install: () => Promise<void> } {
  const mode = useSyncExternalStore(subscribe, currentMode, () => 'unavailable' as const);

  const install = useCallback(async () => {
    const event = promptEvent;
    if (!event) return;
    await event.prompt();
    const { outcome } = await event.userChoice;
    // The event can be used once; Chromium fires a new one if the visitor may be asked again.
    promptEvent = null;
    if (outcome === 'accepted') isInstalled = true;
    notify();
  }, []);

  return { mode, canInstall: mode === 'prompt', install };
}
