import { MY_DATA_FORMAT, type MyDataExport } from '@marco/contract/my-data';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../app-deps.js';
import {
  calendarFeeds,
  clientBugReports,
  conversationParticipants,
  conversations,
  externalLogins,
  favouriteGuides,
  guideBankAccounts,
  guideFiles,
  guideFreeDates,
  guideIdVerifications,
  guideLanguages,
  guides,
  guideVehicles,
  guideWorkPlans,
  ledgerEntries,
  messages,
  newsletterSubscriptions,
  notifications,
  payments,
  reservations,
  reviews,
  sessions,
  supportMessages,
  userAddresses,
  users,
} from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { listConsentHistory } from '../consent/service.js';

type Row = Record<string, unknown>;

/** Drops columns that are secrets or internal bookkeeping, not information about the person. */
const without = <T extends Row>(row: T, ...keys: Array<keyof T>): Row => {
  const copy: Row = { ...row };
  for (const key of keys) delete copy[key as string];
  return copy;
};

type Person = { name: string | null; surname: string | null; deletedAt: Date | null } | null;

/** How another person is shown: their display name only (nothing once they deleted their account). */
const displayName = (person: Person) =>
  person && !person.deletedAt ? [person.name, person.surname].filter(Boolean).join(' ') || null : null;

/** A reviewer as reviews show them everywhere: first name and last initial. */
const reviewerName = (person: Person) =>
  person && !person.deletedAt
    ? [person.name, person.surname ? `${person.surname.charAt(0)}.` : null].filter(Boolean).join(' ') || null
    : null;

/**
 * Everything Marco holds about one user (KVKK Art. 11, GDPR Art. 15 and 20): the contract's
 * MyDataExport. Each section reads only rows that belong to `userId`; other people appear
 * only by display name where the user's own record needs them.
 */
export async function exportMyData(deps: Pick<AppDeps, 'db' | 'clock'>, userId: string): Promise<MyDataExport> {
  const { db } = deps;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');

  const other = alias(users, 'other_user');
  const otherName = { name: other.name, surname: other.surname, deletedAt: other.deletedAt };

  const [logins, userSessions, addresses, cookieConsents, newsletter] = await Promise.all([
    db
      .select({ provider: externalLogins.provider, createdAt: externalLogins.createdAt })
      .from(externalLogins)
      .where(eq(externalLogins.userId, userId)),
    db
      .select({
        client: sessions.client,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt)),
    db.select().from(userAddresses).where(eq(userAddresses.userId, userId)).orderBy(asc(userAddresses.createdAt)),
    listConsentHistory(db, userId),
    // Only a confirmed address is provably the user's; an unconfirmed one could be anyone's.
    user.email && user.emailConfirmed
      ? db
          .select({
            email: newsletterSubscriptions.email,
            locale: newsletterSubscriptions.locale,
            status: newsletterSubscriptions.status,
            createdAt: newsletterSubscriptions.createdAt,
            confirmedAt: newsletterSubscriptions.confirmedAt,
            unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
          })
          .from(newsletterSubscriptions)
          .where(eq(sql`lower(${newsletterSubscriptions.email})`, user.email.toLowerCase()))
      : Promise.resolve([]),
  ]);

  const [guide] = await db.select().from(guides).where(eq(guides.userId, userId));
  let guideProfile: Row | null = null;
  if (guide) {
    const [languages, vehicles, bankAccounts, idVerifications, files, workPlans, freeDates] = await Promise.all([
      db.select().from(guideLanguages).where(eq(guideLanguages.guideId, guide.id)),
      db.select().from(guideVehicles).where(eq(guideVehicles.guideId, guide.id)),
      db.select().from(guideBankAccounts).where(eq(guideBankAccounts.guideId, guide.id)),
      db.select().from(guideIdVerifications).where(eq(guideIdVerifications.guideId, guide.id)),
      db.select().from(guideFiles).where(eq(guideFiles.guideId, guide.id)),
      db.select().from(guideWorkPlans).where(eq(guideWorkPlans.guideId, guide.id)),
      db.select().from(guideFreeDates).where(eq(guideFreeDates.guideId, guide.id)),
    ]);
    guideProfile = {
      // Which staff member reviewed the application is Marco's record, not the guide's.
      ...without(guide, 'reviewedBy'),
      languages,
      vehicles,
      bankAccount: bankAccounts[0] ?? null,
      idVerification: idVerifications[0] ?? null,
      files: files.map((file) => without(file, 'storageKey', 'cardKey')),
      workPlans,
      freeDates,
    };
  }

  const [asTraveller, asGuide] = await Promise.all([
    db
      .select({ reservation: reservations, guide: otherName })
      .from(reservations)
      .leftJoin(other, eq(other.id, reservations.guideUserId))
      .where(eq(reservations.touristId, userId))
      .orderBy(desc(reservations.startsAt)),
    db
      .select({ reservation: reservations, traveller: otherName })
      .from(reservations)
      .leftJoin(other, eq(other.id, reservations.touristId))
      .where(eq(reservations.guideUserId, userId))
      .orderBy(desc(reservations.startsAt)),
  ]);

  const [myPayments, myLedger] = await Promise.all([
    db
      .select({ payment: payments })
      .from(payments)
      .innerJoin(reservations, eq(reservations.id, payments.reservationId))
      .where(eq(reservations.touristId, userId))
      .orderBy(desc(payments.createdAt)),
    db.select().from(ledgerEntries).where(eq(ledgerEntries.guideUserId, userId)).orderBy(desc(ledgerEntries.createdAt)),
  ]);

  const myConversations = await db
    .select({
      id: conversations.id,
      createdAt: conversations.createdAt,
      lastMessageAt: conversations.lastMessageAt,
      joinedAt: conversationParticipants.joinedAt,
      lastReadAt: conversationParticipants.lastReadAt,
      hiddenAt: conversationParticipants.hiddenAt,
      withUser: otherName,
    })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .leftJoin(
      other,
      eq(
        other.id,
        sql`case when ${conversations.userLow} = ${userId} then ${conversations.userHigh} else ${conversations.userLow} end`,
      ),
    )
    .where(eq(conversationParticipants.userId, userId))
    .orderBy(desc(conversations.createdAt));

  const [written, userNotifications, supportRows, bugRows, reviewsWritten, reviewsReceived] = await Promise.all([
    db
      .select({
        id: messages.id,
        conversationId: messages.conversationId,
        text: messages.text,
        createdAt: messages.createdAt,
        deletedAt: messages.deletedAt,
      })
      .from(messages)
      .where(eq(messages.senderId, userId))
      .orderBy(asc(messages.createdAt)),
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        payload: notifications.payload,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt)),
    db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.userId, userId))
      .orderBy(desc(supportMessages.createdAt)),
    db
      .select()
      .from(clientBugReports)
      .where(eq(clientBugReports.userId, userId))
      .orderBy(desc(clientBugReports.createdAt)),
    db
      .select({ review: reviews, guide: otherName })
      .from(reviews)
      .leftJoin(guides, eq(guides.id, reviews.guideId))
      .leftJoin(other, eq(other.id, guides.userId))
      .where(eq(reviews.touristId, userId))
      .orderBy(desc(reviews.createdAt)),
    guide
      ? db
          .select({ review: reviews, traveller: otherName })
          .from(reviews)
          .leftJoin(other, eq(other.id, reviews.touristId))
          .where(eq(reviews.guideId, guide.id))
          .orderBy(desc(reviews.createdAt))
      : Promise.resolve([]),
  ]);

  const [favourites, feeds] = await Promise.all([
    db
      .select({ guideId: favouriteGuides.guideId, savedAt: favouriteGuides.createdAt, guide: otherName })
      .from(favouriteGuides)
      .innerJoin(guides, eq(guides.id, favouriteGuides.guideId))
      .leftJoin(other, eq(other.id, guides.userId))
      .where(eq(favouriteGuides.userId, userId))
      .orderBy(desc(favouriteGuides.createdAt)),
    db
      .select({
        createdAt: calendarFeeds.createdAt,
        lastReadAt: calendarFeeds.lastReadAt,
        locale: calendarFeeds.locale,
        tokenHint: calendarFeeds.tokenHint,
      })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, userId)),
  ]);

  return {
    format: MY_DATA_FORMAT,
    formatVersion: 1,
    exportedAt: deps.clock.now().toISOString(),
    profile: without(
      user,
      'passwordHash',
      'concurrencyStamp',
      'failedLoginCount',
      'failedLoginWindowStart',
      'profilePictureKey',
      'termsAcceptedAt',
      'termsVersion',
      'privacyAcceptedAt',
      'privacyVersion',
      'deletedAt',
    ),
    externalLogins: logins,
    sessions: userSessions,
    addresses: addresses.map((address) => without(address, 'userId')),
    consents: {
      terms: user.termsAcceptedAt ? { version: user.termsVersion, acceptedAt: user.termsAcceptedAt } : null,
      privacy: user.privacyAcceptedAt ? { version: user.privacyVersion, acceptedAt: user.privacyAcceptedAt } : null,
      cookies: cookieConsents,
    },
    newsletter: newsletter[0] ?? null,
    guideProfile,
    reservations: {
      // The traveller's own contact details and notes are theirs; the guide gets only a name.
      asTraveller: asTraveller.map((row) => ({
        ...without(row.reservation, 'idempotencyKey', 'guideUserId'),
        guideName: displayName(row.guide),
      })),
      // The traveller's phone, e-mail and notes are the traveller's data, not the guide's.
      asGuide: asGuide.map((row) => ({
        ...without(
          row.reservation,
          'idempotencyKey',
          'contactPhone',
          'contactEmail',
          'noteToGuide',
          'additionalNotes',
          'touristId',
        ),
        travellerName: displayName(row.traveller),
      })),
    },
    payments: myPayments.map((row) => without(row.payment, 'checkoutUrl')),
    ledger: myLedger.map((entry) => without(entry, 'guideUserId')),
    conversations: myConversations.map(({ withUser, ...conversation }) => ({
      ...conversation,
      withName: displayName(withUser),
    })),
    messages: written,
    // A message notification quotes the sender's words and id: theirs, not the recipient's.
    notifications: userNotifications.map((row) => ({
      ...row,
      payload: without(row.payload, 'preview', 'senderId'),
    })),
    reviews: {
      written: reviewsWritten.map((row) => ({
        ...without(row.review, 'touristId'),
        guideName: displayName(row.guide),
      })),
      received: reviewsReceived.map((row) => ({
        ...without(row.review, 'touristId'),
        travellerName: reviewerName(row.traveller),
      })),
    },
    supportMessages: supportRows.map((row) => without(row, 'userId')),
    bugReports: bugRows.map((row) => without(row, 'userId')),
    favourites: favourites.map(({ guide, ...row }) => ({ ...row, guideName: displayName(guide) })),
    calendarFeed: feeds[0] ?? null,
  };
}

export const myDataFileName = (at: Date) => `marco-my-data-${at.toISOString().slice(0, 10)}.json`;
