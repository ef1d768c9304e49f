import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { guides } from './guides.js';
import { users } from './users.js';

/*
 * The `favourites` migration set (issue 19, docs/decisions/003): the guides a traveller
 * keeps. A user's list is read newest first (favourite_guides_user_saved); a guide's count
 * (shown to that guide only) by favourite_guides_guide.
 */
export const favouriteGuides = pgTable(
  'favourite_guides',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    guideId: uuid('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'favourite_guides_pkey', columns: [table.userId, table.guideId] }),
    index('favourite_guides_user_saved').on(table.userId, table.createdAt.desc(), table.guideId),
    index('favourite_guides_guide').on(table.guideId),
  ],
);
