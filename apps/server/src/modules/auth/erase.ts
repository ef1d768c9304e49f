import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { externalLogins, verificationCodes } from '../../db/schema/index.js';

/** Removes a user's social logins and texted codes (account deletion). Sessions: revokeUserSessions. */
export async function eraseCredentials(db: Db, userId: string): Promise<void> {
  await db.delete(externalLogins).where(eq(externalLogins.userId, userId));
  await db.delete(verificationCodes).where(eq(verificationCodes.userId, userId));
}
