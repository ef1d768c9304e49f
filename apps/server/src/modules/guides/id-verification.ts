import type { IdVerification, UpdateIdVerification } from '@marco/contract/guides';
import type { Locale } from '@marco/contract/locales';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { countries, guideIdVerifications, verificationTypes } from '../../db/schema/index.js';
import { fieldError } from '../../platform/errors.js';
import { listGuideDocuments } from '../files/guide-files.js';
import { localDateOf } from './availability.js';
import { ensureGuide, findGuideByUser } from './guide-profile.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** A guide's ID verification with its identity documents (private: owner and staff). */
export async function getIdVerification(db: Db, guideId: string | null, locale: Locale): Promise<IdVerification> {
  const documents = guideId ? await listGuideDocuments(db, guideId, ['identity']) : [];
  const [row] = guideId
    ? await db
        .select({
          verification: guideIdVerifications,
          type: { id: verificationTypes.id, key: verificationTypes.key, names: verificationTypes.names },
          country: { id: countries.id, code: countries.code, names: countries.names },
        })
        .from(guideIdVerifications)
        .innerJoin(verificationTypes, eq(verificationTypes.id, guideIdVerifications.verificationTypeId))
        .innerJoin(countries, eq(countries.id, guideIdVerifications.issuingCountryId))
        .where(eq(guideIdVerifications.guideId, guideId))
    : [];
  if (!row) {
    return {
      verificationType: null,
      issuingCountry: null,
      issueDate: null,
      expiryDate: null,
      documents,
      updatedAt: null,
    };
  }
  return {
    verificationType: { ...row.type, name: row.type.names[locale] },
    issuingCountry: { id: row.country.id, code: row.country.code, name: row.country.names[locale] },
    issueDate: row.verification.issueDate,
    expiryDate: row.verification.expiryDate,
    documents,
    updatedAt: row.verification.updatedAt.toISOString(),
  };
}

export async function getOwnIdVerification(db: Db, userId: string, locale: Locale) {
  const guide = await findGuideByUser(db, userId);
  return getIdVerification(db, guide?.id ?? null, locale);
}

/** Method (verification type key), issuing country and issue date (not in the future). */
export async function setIdVerification(deps: Deps, userId: string, input: UpdateIdVerification, locale: Locale) {
  const guide = await ensureGuide(deps, userId);
  const [type] = await deps.db
    .select({ id: verificationTypes.id })
    .from(verificationTypes)
    .where(eq(verificationTypes.key, input.verificationTypeKey));
  if (!type) throw fieldError('VALIDATION_FAILED', 'body.verificationTypeKey', 'Unknown verification method');
  const [country] = await deps.db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.id, input.issuingCountryId));
  if (!country) throw fieldError('VALIDATION_FAILED', 'body.issuingCountryId', 'Unknown country');
  const now = deps.clock.now();
  if (input.issueDate > localDateOf(now, guide.timezone)) {
    throw fieldError('VALIDATION_FAILED', 'body.issueDate', 'The issue date cannot be in the future');
  }
  if (input.expiryDate && input.expiryDate < input.issueDate) {
    throw fieldError('VALIDATION_FAILED', 'body.expiryDate', 'The expiry date must be after the issue date');
  }
  const values = {
    verificationTypeId: type.id,
    issuingCountryId: country.id,
    issueDate: input.issueDate,
    expiryDate: input.expiryDate ?? null,
    updatedAt: now,
  };
  await deps.db
    .insert(guideIdVerifications)
    .values({ guideId: guide.id, ...values, createdAt: now })
    .onConflictDoUpdate({ target: guideIdVerifications.guideId, set: values });
  return getIdVerification(deps.db, guide.id, locale);
}
