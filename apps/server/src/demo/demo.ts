import { randomUUID } from 'node:crypto';
import type { Localized } from '@marco/contract/locales';
import { DEFAULT_PLATFORM_COMMISSION_PERCENT } from '@marco/contract/payments';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  cities,
  countries,
  genders,
  guideFiles,
  guideLanguages,
  guideServiceKinds,
  guideServiceTypes,
  guides,
  guideWorkPlans,
  languageLevels,
  languages,
  serviceKinds,
  serviceTypes,
  users,
} from '../db/schema/index.js';
import { createOrPromoteStaff } from '../modules/admin/create-staff.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { consentColumns, generateUserName } from '../modules/auth/users.js';
import { setConfirmedTotpSecret } from '../modules/staff/second-factor.js';
import { sharpOf } from '../platform/images/index.js';
import type { Storage } from '../platform/storage/index.js';
import { BIOS, HAIR_COLOURS, NAMES_BY_COUNTRY, PORTRAIT_BACKGROUNDS, SHIRT_COLOURS, SKIN_TONES } from './demo-data.js';
import { seedDemoPayouts } from './demo-payouts.js';
import { seedDemoReviews } from './demo-reviews.js';

/*
 * The demo marketplace (issue 5): `npm run seed:demo -- --guides N`, and `npm start` on a
 * database without guides (unless SEED_DEMO=false). Guides are approved and active, spread
 * over the 12 destination cities, with drawn portraits (SVG rendered by sharp, no image
 * from elsewhere). Demo travellers have taken tours with most of them and reviewed them
 * (demo-reviews.ts); each guide's rating and review count come from those review rows.
 *
 * Fixed demo accounts (README "Demo accounts"): a traveller, a guide and staff.
 */

export const DEMO_PASSWORD = 'Marco-Demo-2026';
/**
 * The demo staff account's authenticator secret (base32, RFC 6238 SHA-1, 6 digits, 30 s),
 * published in the README so anyone can add it to an authenticator app and sign in as staff.
 */
export const DEMO_STAFF_TOTP_SECRET = 'MARCODEMOSTAFFTOTPSECRETFORDEMOS';
export const DEMO_ACCOUNTS = {
  traveller: { phone: '+905550000001', name: 'Deniz', surname: 'Traveller' },
  guide: { phone: '+905550000002', name: 'Ayşe', surname: 'Yılmaz' },
  staff: { phone: '+905550000003', name: 'Staff', surname: 'Demo' },
} as const;

/** A small deterministic generator, so a seed is reproducible. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const copy = [...items];
    const out: T[] = [];
    while (out.length < count && copy.length) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0] as T);
    return out;
  };
  return { next, pick, int, sample };
}

/** A drawn head-and-shoulders portrait (SVG), 800 × 1000. */
export function portraitSvg(seed: number, female: boolean): string {
  const r = random(seed * 7 + 3);
  const background = r.pick(PORTRAIT_BACKGROUNDS);
  const skin = r.pick(SKIN_TONES);
  const hair = r.pick(HAIR_COLOURS);
  const shirt = r.pick(SHIRT_COLOURS);
  const longHair = female ? r.next() < 0.8 : r.next() < 0.1;
  const hairBack = longHair
    ? `<path d="M250 420 Q250 230 400 225 Q550 230 550 420 L575 720 L225 720 Z" fill="${hair}"/>`
    : '';
  const smile = r.int(0, 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000" viewBox="0 0 800 1000">
  <rect width="800" height="1000" fill="${background}"/>
  <circle cx="${r.int(80, 720)}" cy="${r.int(80, 300)}" r="${r.int(60, 140)}" fill="#ffffff" opacity="0.25"/>
  ${hairBack}
  <path d="M150 1000 Q160 760 400 740 Q640 760 650 1000 Z" fill="${shirt}"/>
  <rect x="360" y="590" width="80" height="150" rx="30" fill="${skin}"/>
  <ellipse cx="400" cy="450" rx="150" ry="185" fill="${skin}"/>
  <path d="M250 420 Q255 265 400 260 Q545 265 550 420 Q520 330 400 318 Q280 330 250 420 Z" fill="${hair}"/>
  <ellipse cx="345" cy="455" rx="14" ry="10" fill="#2b2b2b"/>
  <ellipse cx="455" cy="455" rx="14" ry="10" fill="#2b2b2b"/>
  <path d="M360 ${545 - smile * 3} Q400 ${570 + smile * 6} 440 ${545 - smile * 3}" stroke="#8a3b2e" stroke-width="9" fill="none" stroke-linecap="round"/>
</svg>`;
}

async function renderPortrait(seed: number, female: boolean) {
  const svg = Buffer.from(portraitSvg(seed, female));
  const [gallery, card] = await Promise.all([
    sharpOf(svg).then((image) => image.webp({ quality: 82 }).toBuffer()),
    sharpOf(svg).then((image) => image.resize({ width: 384, height: 480 }).webp({ quality: 80 }).toBuffer()),
  ]);
  return { gallery, card };
}

const WEEKDAY_SETS = [
  [1, 2, 3, 4, 5],
  [1, 3, 5],
  [2, 4, 6, 7],
  [5, 6, 7],
  [1, 2, 3, 4, 5, 6],
];
const HOURS = [
  [9, 17],
  [10, 18],
  [8, 14],
  [13, 21],
  [9, 13],
];
/** Typical hourly rates in minor units per currency. */
const RATES: Array<{ currency: 'USD' | 'EUR' | 'TRY'; min: number; max: number; step: number }> = [
  { currency: 'USD', min: 2500, max: 12_000, step: 500 },
  { currency: 'EUR', min: 2500, max: 11_000, step: 500 },
  { currency: 'TRY', min: 100_000, max: 450_000, step: 10_000 },
];

export interface DemoSeedResult {
  guides: number;
  reviews: number;
  accounts: typeof DEMO_ACCOUNTS;
}

/** Creates the demo accounts (when missing) and `count` approved demo guides. */
export async function seedDemo(
  db: Db,
  storage: Storage,
  options: { guides: number; now?: Date; seed?: number },
): Promise<DemoSeedResult> {
  const now = options.now ?? new Date();
  const r = random(options.seed ?? 20_260_522);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [cityRows, countryRows, languageRows, levelRows, genderRows, kindRows, typeRows] = await Promise.all([
    db
      .select({
        id: cities.id,
        key: cities.key,
        countryId: cities.countryId,
        names: cities.names,
        timezone: cities.timezone,
      })
      .from(cities),
    db.select({ id: countries.id, code: countries.code }).from(countries),
    db.select({ id: languages.id, code: languages.code }).from(languages),
    db.select({ id: languageLevels.id, key: languageLevels.key }).from(languageLevels),
    db.select({ id: genders.id, key: genders.key }).from(genders),
    db.select({ id: serviceKinds.id, key: serviceKinds.key }).from(serviceKinds),
    db.select({ id: serviceTypes.id, key: serviceTypes.key, set: serviceTypes.set }).from(serviceTypes),
  ]);
  if (!cityRows.length) throw new Error('Reference data is missing: seed it first');
  const countryCode = new Map(countryRows.map((row) => [row.id, row.code]));
  const languageId = new Map(languageRows.map((row) => [row.code, row.id]));
  const levelId = new Map(levelRows.map((row) => [row.key, row.id]));
  const genderId = new Map(genderRows.map((row) => [row.key, row.id]));
  const kindId = new Map(kindRows.map((row) => [row.key, row.id]));
  const primaryTypes = typeRows.filter((row) => row.set === 'primary');
  const secondaryTypes = typeRows.filter((row) => row.set === 'secondary');
  const otherLanguages = ['en', 'de', 'fr', 'es', 'it', 'ru', 'ar', 'tr', 'pt', 'zh', 'ja'];

  // Demo accounts.
  const ensureUser = async (account: { phone: string; name: string; surname: string }) => {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, account.phone));
    if (existing) return { id: existing.id, created: false };
    const [created] = await db
      .insert(users)
      .values({
        phoneNumber: account.phone,
        phoneConfirmed: true,
        userName: generateUserName(),
        name: account.name,
        surname: account.surname,
        passwordHash,
        ...consentColumns(now),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
    if (!created) throw new Error('user insert returned no row');
    return { id: created.id, created: true };
  };
  const traveller = await ensureUser(DEMO_ACCOUNTS.traveller);
  const demoGuideUser = await ensureUser(DEMO_ACCOUNTS.guide);
  const staff = await createOrPromoteStaff(db, {
    phone: DEMO_ACCOUNTS.staff.phone,
    roles: ['admin'],
    password: DEMO_PASSWORD,
    now,
  });
  await setConfirmedTotpSecret(db, staff.userId, DEMO_STAFF_TOTP_SECRET, now);

  const seededGuideIds: string[] = [];
  for (let index = 0; index < options.guides; index += 1) {
    const city = cityRows[index % cityRows.length] as (typeof cityRows)[number];
    const code = countryCode.get(city.countryId) ?? 'TR';
    const pool = NAMES_BY_COUNTRY[code] ?? (NAMES_BY_COUNTRY.TR as NonNullable<(typeof NAMES_BY_COUNTRY)['TR']>);
    const female = r.next() < 0.55;
    const isDemoGuide = index === 0 && demoGuideUser.created;
    const name = isDemoGuide ? DEMO_ACCOUNTS.guide.name : r.pick(female ? pool.female : pool.male);
    const surname = isDemoGuide ? DEMO_ACCOUNTS.guide.surname : r.pick(pool.surnames);
    const createdAt = new Date(now.getTime() - r.int(1, 540) * 86_400_000 - r.int(0, 86_399) * 1000);
    let userId: string;
    if (isDemoGuide) {
      userId = demoGuideUser.id;
      await db
        .update(users)
        .set({ genderId: genderId.get('female') ?? null })
        .where(eq(users.id, userId));
    } else {
      const [user] = await db
        .insert(users)
        .values({
          userName: generateUserName(),
          name,
          surname,
          genderId: genderId.get(female ? 'female' : 'male') ?? null,
          ...consentColumns(createdAt),
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned no row');
      userId = user.id;
    }
    // Languages: the native one, English for most, sometimes one more.
    const native = pool.language;
    const spoken = [
      native,
      ...r.sample(
        otherLanguages.filter((language) => language !== native),
        r.int(1, 3),
      ),
    ];
    if (!spoken.includes('en') && r.next() < 0.7) spoken.splice(1, 0, 'en');
    const bioLanguage = r.next() < 0.5 && BIOS[native] ? native : (r.pick(spoken.filter((l) => BIOS[l])) ?? 'en');
    const cityName = (city.names as Localized)[bioLanguage as keyof Localized] ?? city.names.en;
    const about = r.pick(BIOS[bioLanguage] ?? (BIOS.en as string[])).replaceAll('{city}', cityName);
    const rate = r.pick(RATES);
    const hourlyRateMinor = rate.min + r.int(0, (rate.max - rate.min) / rate.step) * rate.step;
    const [guide] = await db
      .insert(guides)
      .values({
        userId,
        status: 'approved',
        isActive: true,
        stage: 8,
        about,
        aboutLanguage: bioLanguage,
        countryId: city.countryId,
        cityId: city.id,
        timezone: city.timezone,
        hourlyRateMinor,
        currency: rate.currency,
        rating: null,
        reviewCount: 0,
        verified: r.next() < 0.7,
        certificated: r.next() < 0.4,
        submittedAt: createdAt,
        reviewedAt: createdAt,
        approvedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: guides.id });
    if (!guide) throw new Error('guide insert returned no row');
    seededGuideIds.push(guide.id);
    await db.insert(guideLanguages).values(
      spoken.flatMap((code, position) => {
        const language = languageId.get(code);
        const level = levelId.get(position === 0 ? 'native' : r.pick(['fluent', 'advanced', 'intermediate']));
        return language && level
          ? [{ guideId: guide.id, languageId: language, levelId: level, isPrimary: position === 0 }]
          : [];
      }),
    );
    const guidance = kindId.get('guidance');
    const translation = kindId.get('translation');
    const kinds: Array<{ kind: string; types: typeof typeRows }> = [];
    if (guidance) kinds.push({ kind: guidance, types: r.sample(primaryTypes, r.int(2, 5)) });
    if (translation && r.next() < 0.3) kinds.push({ kind: translation, types: r.sample(secondaryTypes, r.int(1, 3)) });
    for (const entry of kinds) {
      await db.insert(guideServiceKinds).values({ guideId: guide.id, serviceKindId: entry.kind });
      if (entry.types.length) {
        await db
          .insert(guideServiceTypes)
          .values(
            entry.types.map((type) => ({ guideId: guide.id, serviceKindId: entry.kind, serviceTypeId: type.id })),
          );
      }
    }
    const [startHour, endHour] = r.pick(HOURS) as [number, number];
    await db.insert(guideWorkPlans).values({
      guideId: guide.id,
      planType: 'weekly',
      startHour,
      endHour,
      weekdays: r.pick(WEEKDAY_SETS),
    });
    const portrait = await renderPortrait(index + (options.seed ?? 0), female || isDemoGuide);
    const base = `public/guides/${guide.id}/photos/${randomUUID()}`;
    const keys = { gallery: `${base}-gallery.webp`, card: `${base}-card.webp` };
    await storage.put(keys.gallery, portrait.gallery, 'image/webp');
    await storage.put(keys.card, portrait.card, 'image/webp');
    await db.insert(guideFiles).values({
      guideId: guide.id,
      kind: 'photo',
      storageKey: keys.gallery,
      cardKey: keys.card,
      contentType: 'image/webp',
      sizeBytes: portrait.gallery.length,
      width: 800,
      height: 1000,
      position: 0,
      isCover: true,
      createdAt,
    });
  }
  const seededReviews = await seedDemoReviews(db, r, {
    guideIds: seededGuideIds,
    now,
    demoTravellerId: traveller.id,
    demoGuideUserId: demoGuideUser.id,
  });
  if (demoGuideUser.created) {
    await seedDemoPayouts(db, {
      demoGuideUserId: demoGuideUser.id,
      commissionPercent: DEFAULT_PLATFORM_COMMISSION_PERCENT,
    });
  }
  return { guides: options.guides, reviews: seededReviews.reviews, accounts: DEMO_ACCOUNTS };
}

/** True when the database has no guide at all (a fresh install): `npm start` seeds the demo then. */
export async function hasNoGuides(db: Db): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(sql`select exists (select 1 from guides) as found`);
  return !result.rows[0]?.found;
}
