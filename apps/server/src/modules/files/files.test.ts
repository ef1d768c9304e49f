import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import {
  createApprovedGuide,
  createStaff,
  FILES,
  imageBytes,
  pdfBytes,
  upload,
  videoBytes,
  webmBytes,
} from '../../../test/guide-factories.js';

let t: TestApp;
beforeAll(async () => {
  // A 1 MiB video limit, so the oversize case needs no 200 MB payload (the default is 200).
  t = await createTestApp({ env: { GUIDE_VIDEO_MAX_MB: '1' } });
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const uploadPhoto = (user: TestUser, data: Buffer, filename = 'photo.jpg') =>
  upload(t.app, user, `${FILES}/upload-user-guide-photo-file`, { data, filename, contentType: 'image/jpeg' });

describe('guide photos', () => {
  it('re-encodes JPEG, PNG and WebP to WebP in a card and a gallery size, without metadata', async () => {
    const user = await createUser(t.app);
    const large = await imageBytes('jpeg', { width: 2400, height: 1200 });
    const first = await uploadPhoto(user, large);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ position: 0, isCover: true, width: 1600, height: 800 });

    const card = await get(first.json().cardUrl, user.headers);
    expect(card.headers['content-type']).toBe('image/webp');
    const cardMeta = await sharp(card.rawPayload).metadata();
    expect([cardMeta.format, cardMeta.width, cardMeta.height]).toEqual(['webp', 480, 240]);
    expect(cardMeta.exif).toBeUndefined();
    const gallery = await get(first.json().galleryUrl, user.headers);
    expect((await sharp(gallery.rawPayload).metadata()).width).toBe(1600);
    expect(gallery.rawPayload.includes(Buffer.from('secret-exif-marker'))).toBe(false);

    for (const format of ['png', 'webp'] as const) {
      const response = await uploadPhoto(user, await imageBytes(format), `photo.${format}`);
      expect(response.statusCode, format).toBe(200);
      expect(response.json().isCover).toBe(false);
    }
    const mine = await get(`${FILES}/get-user-public-photo-by-ids`, user.headers);
    expect(mine.json().data.map((photo: { position: number }) => photo.position)).toEqual([0, 1, 2]);
  });

  it('refuses GIF, disguised and oversized files', async () => {
    const user = await createUser(t.app);
    const gif = await uploadPhoto(user, await imageBytes('gif'), 'a.gif');
    expect(gif.statusCode).toBe(415);
    expect(gif.json().error.code).toBe('INVALID_IMAGE_FORMAT');
    const text = await uploadPhoto(user, Buffer.from('just some text, not an image'), 'holiday.jpg');
    expect(text.json().error.code).toBe('INVALID_IMAGE_FORMAT');
    const pdfAsJpeg = await uploadPhoto(user, pdfBytes(), 'holiday.jpg');
    expect(pdfAsJpeg.json().error.code).toBe('INVALID_IMAGE_FORMAT');
    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await uploadPhoto(user, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.code).toBe('IMAGE_TOO_LARGE');
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: `${FILES}/upload-user-guide-photo-file`,
      headers: user.headers,
      payload: { file: 'x' },
    });
    // An upload route takes multipart only.
    expect(notMultipart.statusCode).toBe(415);
    expect((await get(`${FILES}/get-user-public-photo-by-ids`, user.headers)).json().data).toEqual([]);
  });

  it('reorders, chooses the cover, deletes, and passes the cover on', async () => {
    const user = await createUser(t.app);
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) ids.push((await uploadPhoto(user, await imageBytes())).json().id);
    const [a, b, c] = ids as [string, string, string];

    const reordered = await t.app.inject({
      method: 'PUT',
      url: `${FILES}/reorder-user-guide-photo-files`,
      headers: user.headers,
      payload: { ids: [c, a, b] },
    });
    expect(reordered.json().data.map((photo: { id: string }) => photo.id)).toEqual([c, a, b]);
    const partial = await t.app.inject({
      method: 'PUT',
      url: `${FILES}/reorder-user-guide-photo-files`,
      headers: user.headers,
      payload: { ids: [c, a] },
    });
    expect(partial.statusCode).toBe(400);

    const cover = await t.app.inject({
      method: 'PUT',
      url: `${FILES}/set-user-guide-cover-photo?id=${b}`,
      headers: user.headers,
    });
    expect(cover.json().data.filter((photo: { isCover: boolean }) => photo.isCover)).toEqual([
      expect.objectContaining({ id: b }),
    ]);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${FILES}/delete-user-guide-photo-file?id=${b}`,
      headers: user.headers,
    });
    expect(removed.json().data.map((photo: { id: string; isCover: boolean }) => [photo.id, photo.isCover])).toEqual([
      [c, true],
      [a, false],
    ]);
    const only = await get(`${FILES}/get-user-public-photo-by-ids?ids=${a}`, user.headers);
    expect(only.json().data.map((photo: { id: string }) => photo.id)).toEqual([a]);
  });

  it("never touches another user's photos, and hides a draft guide's photos from others", async () => {
    const [owner, other] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const photo = (await uploadPhoto(owner, await imageBytes())).json();
    const deleteOther = await t.app.inject({
      method: 'DELETE',
      url: `${FILES}/delete-user-guide-photo-file?id=${photo.id}`,
      headers: other.headers,
    });
    expect(deleteOther.statusCode).toBe(404);
    const coverOther = await t.app.inject({
      method: 'PUT',
      url: `${FILES}/set-user-guide-cover-photo?id=${photo.id}`,
      headers: other.headers,
    });
    expect(coverOther.statusCode).toBe(404);
    const reorderOther = await t.app.inject({
      method: 'PUT',
      url: `${FILES}/reorder-user-guide-photo-files`,
      headers: other.headers,
      payload: { ids: [photo.id] },
    });
    expect(reorderOther.statusCode).toBe(404);
    // Not approved yet: only the owner (and staff) see the photo.
    expect((await get(photo.cardUrl)).statusCode).toBe(404);
    expect((await get(photo.cardUrl, other.headers)).statusCode).toBe(404);
    expect((await get(`${FILES}/get-guide-public-photo-by-ids/${owner.userId}`)).statusCode).toBe(404);
    expect((await get(photo.cardUrl, owner.headers)).statusCode).toBe(200);
  });

  it("serves an approved guide's photos and video to everyone", async () => {
    const guide = await createApprovedGuide(t.app, t.database.db);
    const photos = await get(`${FILES}/get-guide-public-photo-by-ids/${guide.guideId}`);
    expect(photos.statusCode).toBe(200);
    const [photo] = photos.json().data;
    const image = await get(photo.galleryUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');

    const video = await upload(t.app, guide.user, `${FILES}/upload-user-guide-video-file`, {
      data: videoBytes({ durationSeconds: 75 }),
      filename: 'intro.mp4',
    });
    const videos = await get(`${FILES}/get-guide-public-video-by-ids/${guide.user.userId}`);
    expect(videos.json().data).toEqual([expect.objectContaining({ id: video.json().id, durationSeconds: 75 })]);
    const bytes = await get(video.json().url);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('video/mp4');
    expect(bytes.rawPayload.equals(videoBytes({ durationSeconds: 75 }))).toBe(true);
    const range = await get(video.json().url, { range: 'bytes=4-11' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 4-11/${bytes.rawPayload.length}`);
    expect(range.rawPayload.toString('latin1')).toBe('ftypisom');
    expect((await get(video.json().url, { range: 'bytes=999999-' })).statusCode).toBe(416);
  });
});

describe('intro video', () => {
  const uploadVideo = (user: TestUser, data: Buffer, filename: string, fields: { name: string; data: string }[] = []) =>
    upload(t.app, user, `${FILES}/upload-user-guide-video-file`, { data, filename, contentType: 'video/mp4' }, fields);

  it('reads the duration of MP4 and MOV files and warns outside 1–2 minutes without refusing', async () => {
    const user = await createUser(t.app);
    const short = await uploadVideo(user, videoBytes({ durationSeconds: 30 }), 'short.mp4');
    expect(short.statusCode).toBe(200);
    expect(short.json()).toMatchObject({
      contentType: 'video/mp4',
      durationSeconds: 30,
      durationSource: 'file',
      warnings: ['DURATION_OUTSIDE_RECOMMENDED'],
    });
    const mov = await uploadVideo(user, videoBytes({ durationSeconds: 95, quicktime: true, moovLast: true }), 'a.mov');
    expect(mov.json()).toMatchObject({ contentType: 'video/quicktime', durationSeconds: 95, warnings: [] });
    // The new video replaced the old one.
    expect((await get(short.json().url, user.headers)).statusCode).toBe(404);
  });

  it('takes the client duration for WebM, and warns when none is known', async () => {
    const user = await createUser(t.app);
    const withDuration = await uploadVideo(user, webmBytes(), 'clip.webm', [{ name: 'durationSeconds', data: '200' }]);
    expect(withDuration.json()).toMatchObject({
      contentType: 'video/webm',
      durationSeconds: 200,
      durationSource: 'client',
      warnings: ['DURATION_OUTSIDE_RECOMMENDED'],
    });
    const unknown = await uploadVideo(user, webmBytes(), 'clip.webm');
    expect(unknown.json()).toMatchObject({ durationSeconds: null, warnings: ['DURATION_UNKNOWN'] });
  });

  it('refuses a PNG or a text file named .mp4, and a file over the limit', async () => {
    const user = await createUser(t.app);
    const png = await uploadVideo(user, await imageBytes('png'), 'video.mp4');
    expect(png.statusCode).toBe(400);
    expect(png.json().error.details.issues[0].path).toBe('body.file');
    const text = await uploadVideo(user, Buffer.from('not a video at all'), 'video.mp4');
    expect(text.statusCode).toBe(400);
    const big = await uploadVideo(user, videoBytes({ padding: 1024 * 1024 + 10 }), 'big.mp4');
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    // Nothing was stored: not even a draft application was started.
    expect((await get(`${FILES}/get-guide-public-video-by-ids/${user.userId}`, user.headers)).statusCode).toBe(404);
  });

  it("deletes only the caller's own video", async () => {
    const [owner, other] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const video = (await uploadVideo(owner, videoBytes(), 'intro.mp4')).json();
    const url = `${FILES}/delete-user-guide-video-file?id=${video.id}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: owner.headers })).json()).toEqual({ success: true });
    expect((await get(video.url, owner.headers)).statusCode).toBe(404);
  });
});

describe('private documents', () => {
  it('accepts PDF, JPEG and PNG identity documents and certificates, and reports them', async () => {
    const user = await createUser(t.app);
    const before = await get(`${FILES}/check-user-identity-doc-file`, user.headers);
    expect(before.json()).toEqual({ exists: false, data: [] });
    for (const [data, filename] of [
      [pdfBytes(), 'passport.pdf'],
      [await imageBytes('jpeg'), 'front.jpg'],
      [await imageBytes('png'), 'back.png'],
    ] as const) {
      const response = await upload(t.app, user, `${FILES}/upload-user-identity-doc-file`, { data, filename });
      expect(response.statusCode, filename).toBe(200);
      expect(response.json()).toMatchObject({ kind: 'identity', fileName: filename });
      expect(response.json().downloadUrl).not.toContain('private/guides');
    }
    const certificate = await upload(t.app, user, `${FILES}/upload-user-certificate`, {
      data: pdfBytes(),
      filename: 'licence.pdf',
    });
    expect(certificate.json()).toMatchObject({ kind: 'certificate', contentType: 'application/pdf' });
    expect((await get(`${FILES}/check-user-identity-doc-file`, user.headers)).json().data).toHaveLength(3);
    expect((await get(`${FILES}/check-user-certificate`, user.headers)).json()).toMatchObject({ exists: true });
  });

  it('refuses a text file named .pdf, an image named .pdf that is a GIF, and files over 10 MB', async () => {
    const user = await createUser(t.app);
    const text = await upload(t.app, user, `${FILES}/upload-user-identity-doc-file`, {
      data: Buffer.from('%NOT-A-PDF just text'),
      filename: 'id.pdf',
      contentType: 'application/pdf',
    });
    expect(text.statusCode).toBe(400);
    const gif = await upload(t.app, user, `${FILES}/upload-user-certificate`, {
      data: await imageBytes('gif'),
      filename: 'cert.pdf',
    });
    expect(gif.statusCode).toBe(400);
    const big = await upload(t.app, user, `${FILES}/upload-user-identity-doc-file`, {
      data: Buffer.concat([pdfBytes(), Buffer.alloc(10 * 1024 * 1024)]),
      filename: 'big.pdf',
    });
    expect(big.statusCode).toBe(413);
    expect((await get(`${FILES}/check-user-identity-doc-file`, user.headers)).json().exists).toBe(false);
  });

  it("serves a document to its owner and staff only; another user's id is 404", async () => {
    const [owner, other] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const staff = await createStaff(t.app, t.database.db);
    const document = (
      await upload(t.app, owner, `${FILES}/upload-user-identity-doc-file`, { data: pdfBytes(), filename: 'id.pdf' })
    ).json();
    const mine = await get(document.downloadUrl, owner.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(pdfBytes())).toBe(true);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect((await get(document.downloadUrl, staff.headers)).statusCode).toBe(200);
    const stranger = await get(document.downloadUrl, other.headers);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('NOT_FOUND');
    expect((await get(document.downloadUrl)).statusCode).toBe(401);
    // Neither the photo nor the video endpoint serves a private document.
    expect((await get(`${FILES}/user-public-photo-file?id=${document.id}`, other.headers)).statusCode).toBe(404);
    expect((await get(`${FILES}/user-guide-video-file?id=${document.id}`, other.headers)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `${FILES}/delete-user-private-file?id=${document.id}`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `${FILES}/delete-user-private-file?id=${document.id}`,
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(200);
    expect((await get(document.downloadUrl, owner.headers)).statusCode).toBe(404);
  });
});
