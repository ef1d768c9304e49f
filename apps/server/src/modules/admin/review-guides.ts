import type {
  AdminGuideDetail,
  AdminGuideList,
  AdminGuideSummary,
  GuideFlags,
  GuideStatus,
} from '@marco/contract/guides';
import type { Locale } from '@marco/contract/locales';
import { maskIban } from '@marco/contract/payouts';
import type { CurrencyCode } from '@marco/contract/reference';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { guides, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { profilePictureUrl } from '../auth/current-user.js';
import { findGuideVideo, listGuideDocuments, listGuidePhotos } from '../files/guide-files.js';
import { findGuideByAnyId, type GuideRow, iso, listMissingSteps, loadPlaces } from '../guides/guide-profile.js';
import { getIdVerification } from '../guides/id-verification.js';
import { listGuideLanguages } from '../guides/languages.js';
import { findBankInfo } from '../guides/pricing.js';
import { listWorkPlans } from '../guides/schedule.js';
import { listGuideServiceKinds } from '../guides/service-types.js';
import { listVehicles } from '../guides/vehicles.js';
import { recordStaffAction, type StaffActor } from '../staff/audit.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Person = Pick<typeof users.$inferSelect, 'name' | 'surname' | 'phoneNumber' | 'email' | 'profilePictureKey'>;

const personColumns = {
  name: users.name,
  surname: users.surname,
  phoneNumber: users.phoneNumber,
  email: users.email,
  profilePictureKey: users.profilePictureKey,
};

async function toSummary(db: Db, guide: GuideRow, person: Person, locale: Locale): Promise<AdminGuideSummary> {
  const places = await loadPlaces(db, guide, locale);
  return {
    id: guide.id,
    userId: guide.userId,
    name: person.name,
    surname: person.surname,
    phoneNumber: person.phoneNumber,
    email: person.email,
    status: guide.status as GuideStatus,
    isActive: guide.isActive,
    stage: guide.stage,
    ...places,
    verified: guide.verified,
    certificated: guide.certificated,
    submittedAt: iso(guide.submittedAt),
    createdAt: guide.createdAt.toISOString(),
  };
}

/** Applications in one status, oldest submission first for the review queue, paged. */
export async function listGuideApplications(
  db: Db,
  query: { status: GuideStatus; page: number; pageSize: number },
  locale: Locale,
): Promise<AdminGuideList> {
  const where = and(eq(guides.status, query.status), isNull(users.deletedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({ guide: guides, person: personColumns })
      .from(guides)
      .innerJoin(users, eq(users.id, guides.userId))
      .where(where)
      .orderBy(
        query.status === 'submitted' ? asc(guides.submittedAt) : desc(guides.updatedAt),
        asc(guides.createdAt),
        asc(guides.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(guides).innerJoin(users, eq(users.id, guides.userId)).where(where),
  ]);
  return {
    data: await Promise.all(rows.map((row) => toSummary(db, row.guide, row.person, locale))),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.value ?? 0,
  };
}

async function getGuideForStaff(db: Db, id: string): Promise<GuideRow> {
  const guide = await findGuideByAnyId(db, id);
  if (!guide) throw new AppError('GUIDE_NOT_FOUND', 'Guide not found');
  return guide;
}

/** Everything staff review, private data included; document links go through the authorised file endpoint. */
export async function getGuideApplication(
  db: Db,
  id: string,
  locale: Locale,
  revealBank: boolean,
): Promise<AdminGuideDetail> {
  const guide = await getGuideForStaff(db, id);
  const [person] = await db.select(personColumns).from(users).where(eq(users.id, guide.userId));
  if (!person) throw new AppError('GUIDE_NOT_FOUND', 'Guide not found');
  const [
    summary,
    missing,
    languages,
    serviceKinds,
    schedule,
    photos,
    video,
    idVerification,
    certificates,
    bankInfo,
    vehicles,
  ] = await Promise.all([
    toSummary(db, guide, person, locale),
    listMissingSteps(db, guide),
    listGuideLanguages(db, guide.id, locale),
    listGuideServiceKinds(db, guide.id, locale),
    listWorkPlans(db, guide),
    listGuidePhotos(db, guide.id),
    findGuideVideo(db, guide.id),
    getIdVerification(db, guide.id, locale),
    listGuideDocuments(db, guide.id, ['certificate']),
    findBankInfo(db, guide.id),
    listVehicles(db, guide, true),
  ]);
  return {
    ...summary,
    about: guide.about,
    aboutLanguage: guide.aboutLanguage,
    street: guide.street,
    timezone: guide.timezone,
    avatarUrl: profilePictureUrl(guide.userId, person.profilePictureKey),
    rejectionReason: guide.rejectionReason,
    suspensionReason: guide.suspensionReason,
    reviewedAt: iso(guide.reviewedAt),
    missing,
    languages,
    serviceKinds,
    hourlyRateMinor: guide.hourlyRateMinor,
    currency: guide.currency as CurrencyCode | null,
    schedule: schedule.data,
    photos,
    video,
    idVerification,
    certificates,
    // Bank details whole only for finance (issue 18 item 4); support reviewing the
    // application sees that they were given and whose they are.
    bankInfo:
      bankInfo && !revealBank
        ? {
            ...bankInfo,
            iban: maskIban(bankInfo.iban),
            accountNumber: bankInfo.accountNumber && maskIban(bankInfo.accountNumber),
          }
        : bankInfo,
    vehicles,
  };
}

type Transition = 'approve' | 'reject' | 'suspend' | 'reinstate';

const FROM: Record<Transition, GuideStatus> = {
  approve: 'submitted',
  reject: 'submitted',
  suspend: 'approved',
  reinstate: 'suspended',
};

/** What an application decision changes, as the audit log records it before and after. */
const decisionFields = (guide: Pick<GuideRow, 'status' | 'isActive' | 'rejectionReason' | 'suspensionReason'>) => ({
  status: guide.status,
  isActive: guide.isActive,
  rejectionReason: guide.rejectionReason,
  suspensionReason: guide.suspensionReason,
});

/**
 * Staff decisions: approve or reject (with a reason) a submitted application, suspend an
 * approved guide, reinstate a suspended one. Anything else is 409 INVALID_STATE. The
 * decision and its audit entry commit together.
 */
export async function reviewGuide(
  deps: Deps,
  actor: StaffActor,
  id: string,
  transition: Transition,
  reason?: string,
): Promise<void> {
  const guide = await getGuideForStaff(deps.db, id);
  if (guide.status !== FROM[transition]) {
    throw new AppError('INVALID_STATE', `Cannot ${transition} an application that is ${guide.status}`);
  }
  if (transition === 'approve') {
    const missing = await listMissingSteps(deps.db, guide);
    if (missing.length) {
      throw new AppError('INVALID_STATE', `The application lacks: ${missing.join(', ')}`, { missing });
    }
  }
  const now = deps.clock.now();
  const review = { reviewedAt: now, reviewedBy: actor.user.id, updatedAt: now };
  const changes = {
    approve: { status: 'approved', isActive: true, approvedAt: now, rejectionReason: null, ...review },
    reject: { status: 'rejected', rejectionReason: reason ?? null, ...review },
    suspend: { status: 'suspended', suspensionReason: reason ?? null, ...review },
    reinstate: { status: 'approved', suspensionReason: null, ...review },
  }[transition];
  await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(guides)
      .set(changes)
      .where(and(eq(guides.id, guide.id), eq(guides.status, FROM[transition])))
      .returning();
    if (!updated) throw new AppError('INVALID_STATE', 'The application changed meanwhile');
    await recordStaffAction(tx, actor, {
      action: `guide.${transition}`,
      targetType: 'guide',
      targetId: guide.id,
      before: decisionFields(guide),
      after: decisionFields(updated),
      at: now,
    });
  });
}

export async function setGuideFlags(deps: Deps, actor: StaffActor, id: string, flags: GuideFlags): Promise<void> {
  const guide = await getGuideForStaff(deps.db, id);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ verified: guides.verified, certificated: guides.certificated })
      .from(guides)
      .where(eq(guides.id, guide.id))
      .for('update');
    const [after] = await tx
      .update(guides)
      .set({
        ...(flags.verified !== undefined ? { verified: flags.verified } : {}),
        ...(flags.certificated !== undefined ? { certificated: flags.certificated } : {}),
        updatedAt: now,
      })
      .where(eq(guides.id, guide.id))
      .returning({ verified: guides.verified, certificated: guides.certificated });
    await recordStaffAction(tx, actor, {
      action: 'guide.flags',
      targetType: 'guide',
      targetId: guide.id,
      before: before ?? null,
      after: after ?? null,
      at: now,
    });
  });
}

/** Number of applications waiting for review (for a staff badge). */
export async function countSubmitted(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(guides)
    .where(eq(guides.status, 'submitted'));
  return row?.value ?? 0;
}
