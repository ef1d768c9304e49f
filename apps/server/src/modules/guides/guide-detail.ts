import type { GuideDetail } from '@marco/contract/guides';
import type { Locale } from '@marco/contract/locales';
import type { CurrencyCode } from '@marco/contract/reference';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { genders, users } from '../../db/schema/index.js';
import { profilePictureUrl } from '../auth/current-user.js';
import { findGuideVideo, listGuidePhotos } from '../files/guide-files.js';
import { getGuideResponse } from '../responses/guide-response.js';
import { findGuideByAnyId, isPublicGuide, loadPlaces } from './guide-profile.js';
import { listGuideLanguages } from './languages.js';
import { listGuideServiceKinds } from './service-types.js';
import { listVehicles } from './vehicles.js';

/**
 * The public guide profile (`user-detail-public/get-guide-user-detail-with-id/{id}`, {id} =
 * guide id or user id): approved and active guides only. Built field by field from public
 * data: no bank data, documents, phone, e-mail or plates can appear in it.
 */
export async function getPublicGuideDetail(db: Db, id: string, locale: Locale): Promise<GuideDetail | null> {
  const guide = await findGuideByAnyId(db, id);
  if (!guide || !isPublicGuide(guide)) return null;
  const [person] = await db
    .select({
      name: users.name,
      surname: users.surname,
      profilePictureKey: users.profilePictureKey,
      gender: { id: genders.id, key: genders.key, names: genders.names },
    })
    .from(users)
    .leftJoin(genders, eq(genders.id, users.genderId))
    .where(eq(users.id, guide.userId));
  const [places, languages, serviceKinds, photos, video, vehicles, response] = await Promise.all([
    loadPlaces(db, guide, locale),
    listGuideLanguages(db, guide.id, locale),
    listGuideServiceKinds(db, guide.id, locale),
    listGuidePhotos(db, guide.id),
    findGuideVideo(db, guide.id),
    listVehicles(db, guide, false),
    getGuideResponse(db, guide.id),
  ]);
  const cover = photos.find((photo) => photo.isCover) ?? photos[0];
  return {
    id: guide.id,
    userId: guide.userId,
    name: person?.name ?? null,
    surname: person?.surname ?? null,
    avatarUrl: person ? profilePictureUrl(guide.userId, person.profilePictureKey) : null,
    about: guide.about,
    aboutLanguage: guide.aboutLanguage,
    country: places.country,
    city: places.city,
    timezone: guide.timezone,
    gender: person?.gender ? { ...person.gender, name: person.gender.names[locale] } : null,
    languages,
    serviceKinds,
    hourlyRateMinor: guide.hourlyRateMinor,
    currency: guide.currency as CurrencyCode | null,
    photos,
    coverPhotoUrl: cover?.galleryUrl ?? null,
    video,
    rating: guide.rating,
    reviewCount: guide.reviewCount,
    response,
    verified: guide.verified,
    certificated: guide.certificated,
    vehicles,
    createdAt: guide.createdAt.toISOString(),
  };
}
