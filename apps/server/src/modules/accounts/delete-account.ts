import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { clientBugReports, userAddresses, users } from '../../db/schema/index.js';
import { type AuthUser, revokeUserSessions } from '../../platform/auth/index.js';
import { fieldError } from '../../platform/errors.js';
import { confirmCurrentPassword } from '../auth/change-password.js';
import { eraseCredentials } from '../auth/erase.js';
import { getUserOrThrow } from '../auth/users.js';
import { eraseCalendarFeedOf } from '../calendars/erase-calendar-feed.js';
import { eraseFavouritesOf } from '../favourites/erase-favourites.js';
import { eraseGuideData } from '../guides/erase-guide-data.js';
import { erasePushOf } from '../notifications/erase-push.js';
import { callOffReservationsOf } from '../reservations/account-deletion.js';
import type { ReservationDeps } from '../reservations/service.js';
import { eraseSupportMessagesOf } from '../support/erase-support-messages.js';

/**
 * Deletes an account (KVKK/GDPR): personal fields are erased, the phone number is freed,
 * the avatar, addresses, messages to support, social logins, codes and push subscriptions are removed and every
 * session is revoked;
 * a guide's documents, photos, bank and identity details go too.
 * The row and its id stay, so accounting rows (reservations, payments) keep pointing at
 * something that holds no personal data. The consent records stay as proof. Reservations
 * not over yet are cancelled (refunded by the usual rules) and the tourist's contact details
 * on them erased; the guide's ledger stays.
 */
export async function deleteAccount(
  deps: Pick<AppDeps, 'db' | 'clock' | 'storage' | 'rateLimiter' | 'pubsub'> & ReservationDeps,
  input: { user: AuthUser; password?: string },
): Promise<void> {
  const { db, clock } = deps;
  const account = await getUserOrThrow(db, input.user.id);
  if (account.passwordHash) {
    if (!input.password) throw fieldError('VALIDATION_FAILED', 'body.password', 'Password is required');
    await confirmCurrentPassword(deps, {
      userId: account.id,
      password: input.password,
      field: 'body.password',
      code: 'VALIDATION_FAILED',
    });
  }

  await db.transaction(async (tx) => {
    await eraseCredentials(tx, account.id);
    await eraseSupportMessagesOf(tx, account.id);
    await tx.delete(userAddresses).where(eq(userAddresses.userId, account.id));
    await eraseFavouritesOf(tx, account.id);
    await eraseCalendarFeedOf(tx, account.id);
    await erasePushOf(tx, account.id);
    await tx.update(clientBugReports).set({ userId: null }).where(eq(clientBugReports.userId, account.id));
    await tx
      .update(users)
      .set({
        phoneNumber: null,
        phoneConfirmed: false,
        userName: `deleted_${account.id.replaceAll('-', '')}`,
        name: null,
        surname: null,
        email: null,
        emailConfirmed: false,
        passwordHash: null,
        timezone: 'UTC',
        birthDate: null,
        about: null,
        genderId: null,
        currencyId: null,
        notifyAds: false,
        notifyMessages: false,
        notifyAppUpdates: false,
        locale: null,
        profilePictureKey: null,
        roles: [],
        failedLoginCount: 0,
        failedLoginWindowStart: null,
        lockedUntil: null,
        concurrencyStamp: randomUUID(),
        updatedAt: clock.now(),
        deletedAt: clock.now(),
      })
      .where(eq(users.id, account.id));
  });
  await revokeUserSessions(deps, account.id);
  await callOffReservationsOf(deps, account.id);
  if (account.profilePictureKey) await deps.storage.delete(account.profilePictureKey);
  await eraseGuideData(deps, account.id);
}
