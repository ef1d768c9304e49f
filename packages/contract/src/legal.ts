/**
 * Versions of Marco's legal texts (the date each version took effect, ISO yyyy-mm-dd).
 * The web app shows them on the documents; the server records the version a user
 * consented to (terms and privacy at sign-up, kvkk with the notice, cookies with the
 * cookie choices). Change a version whenever the text of that document changes in
 * substance, in every locale at once.
 */
export const LEGAL_VERSIONS = {
  terms: '2026-11-01',
  privacy: '2026-11-01',
  kvkk: '2026-11-01',
  cookies: '2026-11-01',
} as const;
export type LegalDocument = keyof typeof LEGAL_VERSIONS;

/** Every published document, the ones above included; the policies are not consented to. */
export const DOCUMENT_VERSIONS = {
  ...LEGAL_VERSIONS,
  guideAgreement: '2026-11-01',
  cancellation: '2026-11-01',
  community: '2026-11-01',
  payments: '2026-11-01',
} as const;
export type PublishedDocument = keyof typeof DOCUMENT_VERSIONS;

/** spec §2: the cookie and commercial-message choices, each off until given. */
export const CONSENT_PURPOSES = ['personalisation', 'marketing', 'profiling'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export type ConsentChoices = Record<ConsentPurpose, boolean>;

/** Every purpose off: the choices until a visitor gives one, and "Reject all". */
export const NO_CONSENT: Readonly<ConsentChoices> = Object.freeze({
  personalisation: false,
  marketing: false,
  profiling: false,
});

/** The cookie a visitor's choices are kept in (JSON of a ConsentRecord), read by the web app and by the server's renderer. */
export const CONSENT_COOKIE = 'consent';

export interface ConsentRecord {
  choices: ConsentChoices;
  /** The cookie policy version the choice was made under (LEGAL_VERSIONS.cookies). */
  version: string;
  /** When the choice was made, ISO 8601. */
  time: string;
}

/**
 * The consent cookie's value, or null when there is none, it is malformed, or it was given
 * under an older cookie policy (then the visitor is asked again).
 */
export function parseConsentCookie(raw: string | null | undefined): ConsentRecord | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { choices, version, time } = value as Partial<Record<keyof ConsentRecord, unknown>>;
  if (version !== LEGAL_VERSIONS.cookies || typeof time !== 'string' || Number.isNaN(Date.parse(time))) return null;
  if (!choices || typeof choices !== 'object') return null;
  const parsed: ConsentChoices = { ...NO_CONSENT };
  for (const purpose of CONSENT_PURPOSES) {
    const choice = (choices as Record<string, unknown>)[purpose];
    if (typeof choice !== 'boolean') return null;
    parsed[purpose] = choice;
  }
  return { choices: parsed, version, time };
}

/** `GET`/`PUT /api/app/consent-public/my-consent` (schemas in consent.ts). */
export const MY_CONSENT_PATH = 'consent-public/my-consent';

/** Policy pages that exist under /policy/{slug}; any other slug is not found (web and server). */
export const POLICY_SLUGS = [
  'cancellation',
  'cookies',
  'community',
  'payments',
] as const satisfies readonly PublishedDocument[];
export type PolicySlug = (typeof POLICY_SLUGS)[number];

export function isPolicySlug(value: unknown): value is PolicySlug {
  return typeof value === 'string' && (POLICY_SLUGS as readonly string[]).includes(value);
}
