import { LEGAL_VERSIONS } from '@marco/contract/legal';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONSENT_COOKIE,
  parseConsentCookie,
  readConsent,
  resetConsentState,
  saveConsent,
  setSaveConsentToServer,
  whenConsented,
} from './consent';
import { readCookie } from './cookies';

function clearConsentCookie() {
  // biome-ignore lint/suspicious/noDocumentCookie: test clean-up of the cookie under test.
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
  resetConsentState();
}

afterEach(clearConsentCookie);

describe('consent', () => {
  it('has no consent until the visitor decides', () => {
    clearConsentCookie();
    expect(readConsent()).toBeNull();
  });

  it('stores choices, version and time in the consent cookie', async () => {
    const now = new Date('2026-11-20T10:00:00Z');
    await saveConsent({ personalisation: false, marketing: true, profiling: false }, now);
    const stored = JSON.parse(readCookie(CONSENT_COOKIE) ?? 'null');
    expect(stored).toEqual({
      choices: { personalisation: false, marketing: true, profiling: false },
      version: LEGAL_VERSIONS.cookies,
      time: '2026-11-20T10:00:00.000Z',
    });
    resetConsentState();
    expect(readConsent()?.choices.marketing).toBe(true);
  });

  it('asks again when the choice was made under an older cookie policy', () => {
    const old = {
      choices: { personalisation: true, marketing: true, profiling: true },
      version: '2020-01-01',
      time: '2020-01-01T00:00:00Z',
    };
    expect(parseConsentCookie(JSON.stringify(old))).toBeNull();
    expect(parseConsentCookie('not json')).toBeNull();
    expect(
      parseConsentCookie(JSON.stringify({ ...old, version: LEGAL_VERSIONS.cookies, choices: { marketing: 'yes' } })),
    ).toBeNull();
  });

  it('hands the record to a plugged-in server hook, and reports its failure', async () => {
    const save = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('offline'));
    const unplug = setSaveConsentToServer(save);
    await saveConsent({ personalisation: true, marketing: false, profiling: false });
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ version: LEGAL_VERSIONS.cookies }));
    await expect(saveConsent({ personalisation: false, marketing: false, profiling: false })).rejects.toThrow(
      'offline',
    );
    // The local choice holds even when the server did not record it.
    expect(readConsent()?.choices.personalisation).toBe(false);
    unplug();
  });

  it('runs an optional loader only once its purpose is allowed', async () => {
    const load = vi.fn();
    whenConsented('profiling', load);
    await saveConsent({ personalisation: true, marketing: true, profiling: false });
    expect(load).not.toHaveBeenCalled();
    await saveConsent({ personalisation: true, marketing: true, profiling: true });
    await saveConsent({ personalisation: true, marketing: true, profiling: true });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
