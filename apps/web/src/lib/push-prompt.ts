import { useSyncExternalStore } from 'react';

/*
 * When to offer push: after the user's first reservation request or message (never on a
 * first visit), once; "not now" is remembered in this browser. Kept in localStorage so it
 * survives the page the request was made on.
 */

const KEY = 'marco.push-prompt';
const EVENT = 'marco:push-prompt';
type State = 'due' | 'dismissed' | 'done';

const read = (): State | null => {
  try {
    return (localStorage.getItem(KEY) as State | null) ?? null;
  } catch {
    return null;
  }
};

const write = (state: State) => {
  try {
    localStorage.setItem(KEY, state);
  } catch {
    // Storage off (private mode): the prompt is simply not remembered.
  }
  window.dispatchEvent(new Event(EVENT));
};

/** Called after a reservation request or a message was sent. */
export function offerPushSoon(): void {
  if (read() === null) write('due');
}

export const dismissPushPrompt = () => write('dismissed');
export const settlePushPrompt = () => write('done');

function subscribe(onChange: () => void) {
  window.addEventListener(EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function usePushPromptDue(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => read() === 'due',
    () => false,
  );
}
