import type { GuideServiceKind, GuideServiceTypes, UpdateGuideServiceTypes } from '@marco/contract/guides';
import type { Locale } from '@marco/contract/locales';
import type { ServiceType } from '@marco/contract/reference';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { guideServiceKinds, guideServiceTypes, serviceKinds, serviceTypes } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth/index.js';
import { fieldError } from '../../platform/errors.js';
import { resolveOwnGuide, withGuideLocked } from './guide-profile.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** The service kinds a guide offers, each with its service types, in reference order. */
export async function listGuideServiceKinds(db: Db, guideId: string, locale: Locale): Promise<GuideServiceKind[]> {
  const [kinds, types] = await Promise.all([
    db
      .select({ id: serviceKinds.id, key: serviceKinds.key, names: serviceKinds.names })
      .from(guideServiceKinds)
      .innerJoin(serviceKinds, eq(serviceKinds.id, guideServiceKinds.serviceKindId))
      .where(eq(guideServiceKinds.guideId, guideId))
      .orderBy(asc(serviceKinds.position)),
    db
      .select({
        kindId: guideServiceTypes.serviceKindId,
        id: serviceTypes.id,
        key: serviceTypes.key,
        set: serviceTypes.set,
        names: serviceTypes.names,
      })
      .from(guideServiceTypes)
      .innerJoin(serviceTypes, eq(serviceTypes.id, guideServiceTypes.serviceTypeId))
      .where(eq(guideServiceTypes.guideId, guideId))
      .orderBy(asc(serviceTypes.set), asc(serviceTypes.position)),
  ]);
  return kinds.map((kind) => ({
    ...kind,
    name: kind.names[locale],
    serviceTypes: types
      .filter((type) => type.kindId === kind.id)
      .map(({ kindId: _kindId, ...type }) => ({
        ...type,
        set: type.set as ServiceType['set'],
        name: type.names[locale],
      })),
  }));
}

/**
 * `create-update/{a}/{b}`: {a} the caller's guide id or user id, {b} a service kind key.
 * Sets the service types offered under that kind; `enabled: false` removes the kind.
 */
export async function setGuideServiceTypes(
  deps: Deps,
  user: AuthUser,
  guideOrUserId: string,
  kindKey: string,
  input: UpdateGuideServiceTypes,
  locale: Locale,
): Promise<GuideServiceTypes> {
  const guide = await resolveOwnGuide(deps, user, guideOrUserId);
  const [kind] = await deps.db.select({ id: serviceKinds.id }).from(serviceKinds).where(eq(serviceKinds.key, kindKey));
  if (!kind) throw fieldError('VALIDATION_FAILED', 'params.b', 'Unknown service kind');
  const keys = [...new Set(input.serviceTypeKeys ?? [])];
  const typeRows = keys.length
    ? await deps.db
        .select({ id: serviceTypes.id, key: serviceTypes.key })
        .from(serviceTypes)
        .where(inArray(serviceTypes.key, keys))
    : [];
  const unknown = keys.filter((key) => !typeRows.some((row) => row.key === key));
  if (unknown.length) {
    throw fieldError('VALIDATION_FAILED', 'body.serviceTypeKeys', `Unknown service types: ${unknown.join(', ')}`);
  }
  const enabled = input.enabled ?? true;
  // Choices sent together replace one another whole, in turn, instead of inserting the same row twice.
  await withGuideLocked(deps.db, guide.id, async (tx) => {
    await tx
      .delete(guideServiceTypes)
      .where(and(eq(guideServiceTypes.guideId, guide.id), eq(guideServiceTypes.serviceKindId, kind.id)));
    if (!enabled) {
      await tx
        .delete(guideServiceKinds)
        .where(and(eq(guideServiceKinds.guideId, guide.id), eq(guideServiceKinds.serviceKindId, kind.id)));
      return;
    }
    await tx.insert(guideServiceKinds).values({ guideId: guide.id, serviceKindId: kind.id }).onConflictDoNothing();
    if (typeRows.length) {
      await tx
        .insert(guideServiceTypes)
        .values(typeRows.map((row) => ({ guideId: guide.id, serviceKindId: kind.id, serviceTypeId: row.id })));
    }
  });
  return { guideId: guide.id, serviceKinds: await listGuideServiceKinds(deps.db, guide.id, locale) };
}
