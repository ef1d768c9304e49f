import { z } from 'zod';
import { CONSENT_PURPOSES, type ConsentPurpose, LEGAL_VERSIONS } from './legal.js';

/** spec §2: personalisation, marketing and profiling, each a yes or no. */
export const ConsentChoicesSchema = z.object(
  Object.fromEntries(CONSENT_PURPOSES.map((purpose) => [purpose, z.boolean()])) as Record<ConsentPurpose, z.ZodBoolean>,
);

/**
 * `PUT /api/app/consent-public/my-consent`: a signed-in member's cookie and commercial-message
 * choice. Only a choice made under the current cookie policy is accepted; the server keeps
 * every change (time and version), so the history can be shown to the member and a regulator.
 */
export const SaveMyConsentSchema = z.object({
  choices: ConsentChoicesSchema,
  version: z.literal(LEGAL_VERSIONS.cookies),
});
export type SaveMyConsent = z.infer<typeof SaveMyConsentSchema>;

/** One recorded choice: what was chosen, under which policy version, and when (ISO 8601). */
export const ConsentRecordSchema = z.object({
  choices: ConsentChoicesSchema,
  version: z.string(),
  time: z.iso.datetime({ offset: true }),
});
export type ConsentRecord = z.infer<typeof ConsentRecordSchema>;

/** `GET /api/app/consent-public/my-consent`: the member's latest choice, null before the first. */
export const MyConsentSchema = z.object({ consent: ConsentRecordSchema.nullable() });
export type MyConsent = z.infer<typeof MyConsentSchema>;

// The path lives with the purposes in legal.ts, which has no zod: the web shell needs it on
// every page, and importing this module would pull zod into the first download.
export { MY_CONSENT_PATH } from './legal.js';
