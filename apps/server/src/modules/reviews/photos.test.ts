import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser } from '../../../test/factories.js';
import { imageBytes, upload } from '../../../test/guide-factories.js';
import { reviewPhotos } from '../../db/schema/index.js';
import { REVIEW_PHOTO_PENDING_MAX } from './photos.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('review photos waiting for a review', () => {
  it('never keeps more than the limit when photos are uploaded at once', async () => {
    const user = await createUser(t.app);
    const data = await imageBytes('jpeg');
    const responses = await Promise.all(
      Array.from({ length: REVIEW_PHOTO_PENDING_MAX + 3 }, () =>
        upload(t.app, user, '/api/app/review-public/upload-photo', { data, filename: 'view.jpg' }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(REVIEW_PHOTO_PENDING_MAX);
    for (const refused of responses.filter((response) => response.statusCode !== 200)) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error.code).toBe('INVALID_STATE');
    }
    const pending = await t.database.db.$count(
      reviewPhotos,
      and(eq(reviewPhotos.ownerId, user.userId), isNull(reviewPhotos.reviewId)),
    );
    expect(pending).toBe(REVIEW_PHOTO_PENDING_MAX);
  });
});
