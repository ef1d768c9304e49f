import { eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { reservations, users } from '../../db/schema/index.js';
import type { NoticeKind } from '../notifications/catalog.js';
import { type AttachInLocale, formatMoney, formatWhen, notifyInLocale } from '../notifications/notice.js';
import type { NotifyDeps } from '../notifications/notify.js';

export type NoticeDeps = NotifyDeps & Pick<AppDeps, 'config' | 'push'>;
export type Recipient = 'guide' | 'tourist';

/**
 * Tells a reservation's guide and/or tourist what happened to it: in-app, and by e-mail or
 * SMS and push in each recipient's locale. Links open the tourist's reservation page or the
 * guide's request page; a reservation's pushes replace each other on a device.
 */
export async function sendReservationNotice(
  deps: NoticeDeps,
  reservationId: string,
  kind: NoticeKind,
  to: Recipient[],
  money?: { amountMinor: number; currency: string },
  /** Files for the tourist's e-mail (a receipt). */
  attachForTourist?: AttachInLocale,
): Promise<void> {
  const [row] = await deps.db.select().from(reservations).where(eq(reservations.id, reservationId));
  if (!row) return;
  const people = await deps.db
    .select({ id: users.id, name: users.name, surname: users.surname })
    .from(users)
    .where(inArray(users.id, [row.guideUserId, row.touristId]));
  const nameOf = (userId: string) => {
    const person = people.find((entry) => entry.id === userId);
    return `${person?.name ?? ''} ${person?.surname ?? ''}`.trim();
  };
  const guideName = nameOf(row.guideUserId);
  const touristName = nameOf(row.touristId);
  const payload = {
    reservationId: row.id,
    status: row.status,
    startsAt: row.startsAt.toISOString(),
    guideName,
    touristName,
    ...(money ?? {}),
  };
  for (const side of to) {
    const userId = side === 'guide' ? row.guideUserId : row.touristId;
    const page = side === 'guide' ? 'guide-mode' : 'reservations';
    await notifyInLocale(
      deps,
      userId,
      kind,
      payload,
      (locale) => ({
        name: side === 'guide' ? touristName : guideName,
        when: formatWhen(row.startsAt, locale, row.timezone),
        amount: money ? formatMoney(money.amountMinor, money.currency, locale) : '',
        meetingPoint: row.meetingPoint,
        link: `${deps.config.PUBLIC_URL}/${locale}/${page}/${row.id}`,
      }),
      {
        pushTag: `reservation:${row.id}`,
        ...(side === 'tourist' && attachForTourist ? { attach: attachForTourist } : {}),
      },
    );
  }
}
