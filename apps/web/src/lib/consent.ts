import {
  CONSENT_COOKIE,
  CONSENT_PURPOSES,
  type ConsentChoices,
  type ConsentPurpose,
  type ConsentRecord,
  LEGAL_VERSIONS,
  NO_CONSENT,
  parseConsentCookie,
} from '@marco/contract/legal';
import { createContext, useMemo, useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from './cookies';

/**
 * Cookie and commercial-message consent (spec §2: personalisation, marketing, profiling).
 * Every choice is off until given; giving and withdrawing are the same one click. Visitors
 * keep their choice in the `consent` cookie; a member's choice is also sent to the server
 * by the handler registered with `setSaveConsentToServer`.
 *
 * Nothing optional loads today. Anything optional added later (analytics, advertising
 * pixels, recommendation tracking) must check `useConsent().isAllowed(purpose)` or
 * `readConsent()` first and load only after the answer is yes — see `whenConsented`.
 */

export { CONSENT_COOKIE, type ConsentRecord, NO_CONSENT, parseConsentCookie };
export const CONSENT_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export const ALL_CONSENT: Readonly<ConsentChoices> = Object.freeze({
  personalisation: true,
  marketing: true,
  profiling: true,
});

/**
 * Whether the server rendered the cookie banner into the page (a visitor without a choice under
 * the current policy): hydration renders it too, so it shows as the page arrives instead of some
 * two seconds later, when, as the largest thing painted, it set the page's largest paint.
 */
export const RenderedConsentBannerContext = createContext(false);

/** Called after the cookie is written; rejects when the server did not record the choice. */
export type SaveConsentToServer = (record: ConsentRecord) => Promise<void>;

type State = { record: ConsentRecord | null; isSettingsOpen: boolean };

let state: State | null = null;
const listeners = new Set<() => void>();
let saveToServer: SaveConsentToServer | null = null;

function currentState(): State {
  state ??= { record: parseConsentCookie(readCookie(CONSENT_COOKIE)), isSettingsOpen: false };
  return state;
}

function setState(next: Partial<State>) {
  state = { ...currentState(), ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored choice, or null while the visitor has not decided (under the current policy). */
export function readConsent(): ConsentRecord | null {
  return currentState().record;
}

/**
 * Plugs in the member-side storage (e.g. a call that records the choice with the user's
 * account). Returns a function that removes it. Only one handler at a time.
 */
export function setSaveConsentToServer(handler: SaveConsentToServer | null): () => void {
  saveToServer = handler;
  return () => {
    if (saveToServer === handler) saveToServer = null;
  };
}

/**
 * Stores a choice: the cookie at once (365 days), then the server when a handler is
 * plugged in. The returned promise rejects only when the server call fails; the local
 * choice holds either way.
 */
export async function saveConsent(choices: ConsentChoices, now: Date = new Date()): Promise<ConsentRecord> {
  const record: ConsentRecord = {
    choices: { ...NO_CONSENT, ...pickChoices(choices) },
    version: LEGAL_VERSIONS.cookies,
    time: now.toISOString(),
  };
  writeCookie(CONSENT_COOKIE, JSON.stringify(record), CONSENT_COOKIE_MAX_AGE_S);
  setState({ record });
  if (saveToServer) await saveToServer(record);
  return record;
}

/** Takes over a choice the server holds for a signed-in member (no call back to the server). */
export function adoptConsent(record: ConsentRecord): void {
  const valid = parseConsentCookie(JSON.stringify(record));
  if (!valid) return;
  writeCookie(CONSENT_COOKIE, JSON.stringify(valid), CONSENT_COOKIE_MAX_AGE_S);
  setState({ record: valid });
}

function pickChoices(choices: ConsentChoices): ConsentChoices {
  return Object.fromEntries(CONSENT_PURPOSES.map((purpose) => [purpose, choices[purpose] === true])) as ConsentChoices;
}

export function openConsentSettings(): void {
  setState({ isSettingsOpen: true });
}

export function closeConsentSettings(): void {
  setState({ isSettingsOpen: false });
}

/** Forgets the in-memory state so the next read comes from the cookie (tests). */
export function resetConsentState(): void {
  state = null;
  for (const listener of listeners) listener();
}

/**
 * Runs `load` once the visitor has allowed `purpose` — now, or when they later say yes.
 * The hook for optional scripts: e.g. a future analytics loader would call
 * `whenConsented('profiling', () => import('./analytics'))`. Returns an unsubscribe.
 */
export function whenConsented(purpose: ConsentPurpose, load: () => void): () => void {
  let done = false;
  const check = () => {
    if (done || !readConsent()?.choices[purpose]) return;
    done = true;
    load();
  };
  check();
  if (done) return () => {};
  const unsubscribe = subscribe(() => {
    check();
    if (done) unsubscribe();
  });
  return unsubscribe;
}

export interface ConsentState {
  /** The stored record, null until the visitor decides. */
  record: ConsentRecord | null;
  /** Each purpose: true only when given. */
  choices: ConsentChoices;
  hasDecided: boolean;
  isAllowed: (purpose: ConsentPurpose) => boolean;
}

/** The visitor's consent; every purpose is false until given. */
export function useConsent(): ConsentState {
  const { record } = useSyncExternalStore(subscribe, currentState, currentState);
  return useMemo(() => {
    const choices = record?.choices ?? NO_CONSENT;
    return { record, choices, hasDecided: record !== null, isAllowed: (purpose) => choices[purpose] };
  }, [record]);
}

export function useConsentSettingsOpen(): boolean {
  return useSyncExternalStore(subscribe, currentState, currentState).isSettingsOpen;
}
