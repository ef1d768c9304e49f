import type { GuideLanguage, GuideLanguageInput } from '@marco/contract/guides';
import type { Locale } from '@marco/contract/locales';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { guideLanguages, languageLevels, languages } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { ensureGuide, findGuideByUser, withGuideLocked } from './guide-profile.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** The languages of a guide, primary first, then by level (best first). */
export async function listGuideLanguages(db: Db, guideId: string, locale: Locale): Promise<GuideLanguage[]> {
  const rows = await db
    .select({
      id: guideLanguages.id,
      languageId: languages.id,
      code: languages.code,
      names: languages.names,
      levelId: languageLevels.id,
      levelKey: languageLevels.key,
      levelNames: languageLevels.names,
      levelRank: languageLevels.rank,
      isPrimary: guideLanguages.isPrimary,
    })
    .from(guideLanguages)
    .innerJoin(languages, eq(languages.id, guideLanguages.languageId))
    .innerJoin(languageLevels, eq(languageLevels.id, guideLanguages.levelId))
    .where(eq(guideLanguages.guideId, guideId))
    .orderBy(desc(guideLanguages.isPrimary), asc(languageLevels.rank), asc(languages.position));
  return rows.map(({ names, levelNames, ...row }) => ({
    ...row,
    name: names[locale],
    names,
    levelName: levelNames[locale],
  }));
}

/** Language and level ids of the inputs; an unknown code or key is a 400 naming the field. */
async function resolveLanguageInputs(
  db: Db,
  inputs: GuideLanguageInput[],
  pathOf: (index: number, field: string) => string,
) {
  const codes = [...new Set(inputs.map((input) => input.languageCode.toLowerCase()))];
  const keys = [...new Set(inputs.map((input) => input.levelKey))];
  const [languageRows, levelRows] = await Promise.all([
    db.select({ id: languages.id, code: languages.code }).from(languages).where(inArray(languages.code, codes)),
    db
      .select({ id: languageLevels.id, key: languageLevels.key })
      .from(languageLevels)
      .where(inArray(languageLevels.key, keys)),
  ]);
  const languageIds = new Map(languageRows.map((row) => [row.code, row.id]));
  const levelIds = new Map(levelRows.map((row) => [row.key, row.id]));
  return inputs.map((input, index) => {
    const languageId = languageIds.get(input.languageCode.toLowerCase());
    if (!languageId) throw fieldError('VALIDATION_FAILED', pathOf(index, 'languageCode'), 'Unknown language');
    const levelId = levelIds.get(input.levelKey);
    if (!levelId) throw fieldError('VALIDATION_FAILED', pathOf(index, 'levelKey'), 'Unknown language level');
    return { languageId, levelId, isPrimary: input.isPrimary ?? false };
  });
}

/** Replaces the caller's languages; exactly one primary, no language twice. */
export async function replaceGuideLanguages(deps: Deps, userId: string, inputs: GuideLanguageInput[], locale: Locale) {
  const guide = await ensureGuide(deps, userId);
  const resolved = await resolveLanguageInputs(deps.db, inputs, (index, field) => `body.languages.${index}.${field}`);
  if (resolved.filter((entry) => entry.isPrimary).length !== 1) {
    throw fieldError('VALIDATION_FAILED', 'body.languages', 'Exactly one primary language');
  }
  if (new Set(resolved.map((entry) => entry.languageId)).size !== resolved.length) {
    throw fieldError('VALIDATION_FAILED', 'body.languages', 'Each language only once');
  }
  const now = deps.clock.now();
  // Lists sent together replace one another whole, in turn: the last one stays.
  await withGuideLocked(deps.db, guide.id, async (tx) => {
    await tx.delete(guideLanguages).where(eq(guideLanguages.guideId, guide.id));
    await tx.insert(guideLanguages).values(resolved.map((entry) => ({ ...entry, guideId: guide.id, createdAt: now })));
  });
  return listGuideLanguages(deps.db, guide.id, locale);
}

/** Adds or changes one language; `isPrimary` makes it the primary one; the first language is primary. */
export async function upsertGuideLanguage(deps: Deps, userId: string, input: GuideLanguageInput, locale: Locale) {
  const guide = await ensureGuide(deps, userId);
  const [entry] = await resolveLanguageInputs(deps.db, [input], (_, field) => `querystring.${field}`);
  if (!entry) throw new Error('no language resolved');
  // Under the guide's lock, so languages added together see each other: exactly one is primary.
  await withGuideLocked(deps.db, guide.id, async (tx) => {
    const others = await tx
      .select({ isPrimary: guideLanguages.isPrimary })
      .from(guideLanguages)
      .where(and(eq(guideLanguages.guideId, guide.id), ne(guideLanguages.languageId, entry.languageId)));
    const isPrimary = entry.isPrimary || !others.some((other) => other.isPrimary);
    if (isPrimary) {
      await tx
        .update(guideLanguages)
        .set({ isPrimary: false })
        .where(and(eq(guideLanguages.guideId, guide.id), ne(guideLanguages.languageId, entry.languageId)));
    }
    await tx
      .insert(guideLanguages)
      .values({ guideId: guide.id, languageId: entry.languageId, levelId: entry.levelId, isPrimary })
      .onConflictDoUpdate({
        target: [guideLanguages.guideId, guideLanguages.languageId],
        set: { levelId: entry.levelId, isPrimary },
      });
  });
  return listGuideLanguages(deps.db, guide.id, locale);
}

/** Removes one of the caller's languages (row id); the primary goes only when it is the last one. */
export async function deleteGuideLanguage(db: Db, userId: string, id: string, locale: Locale) {
  const guide = await findGuideByUser(db, userId);
  if (!guide) throw new AppError('NOT_FOUND', 'Language not found');
  // Under the guide's lock: a language made primary meanwhile is judged as primary.
  await withGuideLocked(db, guide.id, async (tx) => {
    const [row] = await tx
      .select()
      .from(guideLanguages)
      .where(and(eq(guideLanguages.id, id), eq(guideLanguages.guideId, guide.id)));
    if (!row) throw new AppError('NOT_FOUND', 'Language not found');
    if (row.isPrimary) {
      const [other] = await tx
        .select({ id: guideLanguages.id })
        .from(guideLanguages)
        .where(and(eq(guideLanguages.guideId, guide.id), ne(guideLanguages.id, id)))
        .limit(1);
      if (other) throw new AppError('INVALID_STATE', 'Choose another primary language before removing this one');
    }
    await tx.delete(guideLanguages).where(eq(guideLanguages.id, id));
  });
  return listGuideLanguages(db, guide.id, locale);
}

export async function listLanguageChoices(db: Db, locale: Locale) {
  const [languageRows, levelRows] = await Promise.all([
    db
      .select({ id: languages.id, code: languages.code, names: languages.names })
      .from(languages)
      .orderBy(asc(languages.position)),
    db
      .select({
        id: languageLevels.id,
        key: languageLevels.key,
        rank: languageLevels.rank,
        names: languageLevels.names,
      })
      .from(languageLevels)
      .orderBy(asc(languageLevels.rank)),
  ]);
  return {
    languages: languageRows.map((row) => ({ ...row, name: row.names[locale] })),
    levels: levelRows.map((row) => ({ ...row, name: row.names[locale] })),
  };
}
