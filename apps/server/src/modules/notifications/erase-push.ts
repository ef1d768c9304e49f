import { eq } from 'drizzle-orm';
import { pushMutedKinds, pushSubscriptions } from '../../db/schema/index.js';
import type { Tx } from '../guides/guide-profile.js';

/** On account deletion: the browsers that received the user's pushes, and their push choices. */
export async function erasePushOf(tx: Tx, userId: string): Promise<void> {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await tx.delete(pushMutedKinds).where(eq(pushMutedKinds.userId, userId));
}
