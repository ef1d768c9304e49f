import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { guideBankAccounts, guideFiles, guideIdVerifications, guides } from '../../db/schema/index.js';
import { findGuideByUser } from './guide-profile.js';

/**
 * For account deletion: removes a user's guide files (public and private) from storage and
 * the database, their bank details and ID verification, and hides the profile. The guide
 * row itself stays, so later reservation history keeps its guide.
 */
export async function eraseGuideData(deps: Pick<AppDeps, 'db' | 'clock' | 'storage'>, userId: string): Promise<void> {
  const guide = await findGuideByUser(deps.db, userId);
  if (!guide) return;
  const files = await deps.db
    .delete(guideFiles)
    .where(eq(guideFiles.guideId, guide.id))
    .returning({ storageKey: guideFiles.storageKey, cardKey: guideFiles.cardKey });
  await deps.db.delete(guideBankAccounts).where(eq(guideBankAccounts.guideId, guide.id));
  await deps.db.delete(guideIdVerifications).where(eq(guideIdVerifications.guideId, guide.id));
  await deps.db
    .update(guides)
    .set({ isActive: false, about: null, aboutLanguage: null, street: null, updatedAt: deps.clock.now() })
    .where(eq(guides.id, guide.id));
  for (const file of files) {
    await deps.storage.delete(file.storageKey);
    if (file.cardKey) await deps.storage.delete(file.cardKey);
  }
}
