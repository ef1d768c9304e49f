import type { Notification, NotificationList } from '@marco/contract/notifications';
import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { notifications } from '../../db/schema/index.js';
import { decodeCursor, encodeCursor } from '../../platform/cursor.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Row = typeof notifications.$inferSelect;

const toNotification = (row: Row): Notification => ({
  id: row.id,
  kind: row.kind,
  payload: row.payload,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

export async function countUnreadNotifications(deps: Deps, userId: string): Promise<number> {
  const [row] = await deps.db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.value ?? 0;
}

/** The user's notifications, newest first, a page at a time. */
export async function listNotifications(
  deps: Deps,
  userId: string,
  query: { cursor?: string; limit: number; unreadOnly?: boolean },
): Promise<NotificationList> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await deps.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        query.unreadOnly ? isNull(notifications.readAt) : undefined,
        after
          ? or(
              sql`${notifications.createdAt} < ${after.at.toISOString()}::timestamptz`,
              and(
                sql`${notifications.createdAt} = ${after.at.toISOString()}::timestamptz`,
                sql`${notifications.id} < ${after.id}`,
              ),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map(toNotification),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null,
    unreadCount: await countUnreadNotifications(deps, userId),
  };
}

/** Marks the caller's notifications among `ids` as read; ids of other users' notifications change nothing. */
export async function markNotificationsAsRead(deps: Deps, userId: string, ids: readonly string[] | 'all') {
  await deps.db
    .update(notifications)
    .set({ readAt: deps.clock.now() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, [...ids]),
      ),
    );
  return { unreadCount: await countUnreadNotifications(deps, userId) };
}
