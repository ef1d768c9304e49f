import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailConfirmations, externalLogins, verificationCodes } from '../../db/schema/index.js';

/**
 * Removes a user's social logins, texted codes and e-mail confirmation links, which name
 * the address (account deletion). Sessions: revokeUserSessions.
 */
export async function eraseCredentials(db: Db, userId: string): Promise<void> {
  await db.delete(externalLogins).where(eq(externalLogins.userId, userId));
  await db.delete(verificationCodes).where(eq(verificationCodes.userId, userId));
  await db.delete(emailConfirmations).where(eq(emailConfirmations.userId, userId));
}
