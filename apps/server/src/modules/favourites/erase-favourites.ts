import { eq, inArray, or } from 'drizzle-orm';
import { favouriteGuides, guides } from '../../db/schema/index.js';
import type { Tx } from '../guides/guide-profile.js';

/** On account deletion: the list the user kept, and their place in others' lists when they guided. */
export async function eraseFavouritesOf(tx: Tx, userId: string): Promise<void> {
  const ownGuide = tx.select({ id: guides.id }).from(guides).where(eq(guides.userId, userId));
  await tx
    .delete(favouriteGuides)
    .where(or(eq(favouriteGuides.userId, userId), inArray(favouriteGuides.guideId, ownGuide)));
}
