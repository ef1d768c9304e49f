import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { guides } from '../../db/schema/index.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * When staff suspend a user who is an approved guide, the guide profile is suspended in the
 * same transaction: the search read model drops it (and notifies `search_visibility`, so kept
 * answers drop it at once, decision 012) and the profile answers 404. Answers the guide's id
 * when it was taken down, so reinstating the account brings back this one only.
 */
export async function suspendGuideOfUser(
  tx: Tx,
  userId: string,
  input: { reason: string; actorId: string; now: Date },
): Promise<string | null> {
  const [guide] = await tx
    .update(guides)
    .set({
      status: 'suspended',
      suspensionReason: input.reason,
      reviewedAt: input.now,
      reviewedBy: input.actorId,
      updatedAt: input.now,
    })
    .where(and(eq(guides.userId, userId), eq(guides.status, 'approved')))
    .returning({ id: guides.id });
  return guide?.id ?? null;
}

/** Undoes suspendGuideOfUser, unless the guide left the suspended state meanwhile. */
export async function reinstateGuideOfUser(
  tx: Tx,
  guideId: string,
  input: { actorId: string; now: Date },
): Promise<boolean> {
  const reinstated = await tx
    .update(guides)
    .set({
      status: 'approved',
      suspensionReason: null,
      reviewedAt: input.now,
      reviewedBy: input.actorId,
      updatedAt: input.now,
    })
    .where(and(eq(guides.id, guideId), eq(guides.status, 'suspended')))
    .returning({ id: guides.id });
  return reinstated.length > 0;
}
