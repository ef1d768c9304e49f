import type { CodeSent, PasswordResetCodeSent } from '@marco/contract/auth';

// spec §4: sign-out clears the stored registration phone and reset phone. They live in
// sessionStorage (this tab only) so a refresh in the middle of a flow does not lose it.
// Passwords are never stored.
const PREFIX = 'marco.auth.';
const REGISTRATION_KEY = `${PREFIX}registration`;
const RESET_KEY = `${PREFIX}reset`;

/** A phone sign-up in progress: from the first form to the onboarding. */
export type RegistrationFlow = CodeSent & {
  phoneNumber: string;
  name?: string;
  surname?: string;
  /** Set once the code is confirmed; the password step needs it. */
  registrationToken?: string;
  /** Where to go when the sign-up is finished (an app path without the locale). */
  returnTo?: string;
  /** The page the sign-up started on, for 'Change number'. */
  startPath?: '/auth/register' | '/auth/phone';
};

/** A forgotten-password reset in progress. */
export type ResetFlow = PasswordResetCodeSent & {
  phoneNumber: string;
  /** Set once the code is confirmed; the new-password step needs it. */
  resetToken?: string;
};

function read<T>(key: string): T | null {
  try {
    const text = window.sessionStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage may be blocked (private mode); the flow then lasts as long as the page.
  }
}

function remove(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // See write.
  }
}

export const readRegistration = () => read<RegistrationFlow>(REGISTRATION_KEY);
export const saveRegistration = (flow: RegistrationFlow) => write(REGISTRATION_KEY, flow);
export const clearRegistration = () => remove(REGISTRATION_KEY);

export const readReset = () => read<ResetFlow>(RESET_KEY);
export const saveReset = (flow: ResetFlow) => write(RESET_KEY, flow);
export const clearReset = () => remove(RESET_KEY);

/** Forgets every stored sign-up and reset (sign-out). */
export function clearAuthStorage(): void {
  try {
    const keys = Array.from({ length: window.sessionStorage.length }, (_, index) => window.sessionStorage.key(index));
    for (const key of keys) if (key?.startsWith(PREFIX)) window.sessionStorage.removeItem(key);
  } catch {
    // See write.
  }
}
