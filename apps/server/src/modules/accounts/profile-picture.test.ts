import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, multipart, type TestUser } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL_SET = '/api/app/custom-user-account-public/set-profile-picture';
const urlGet = (id: string) => `/api/app/custom-user-account-public/get-profile-picture/${id}`;

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });

async function upload(user: TestUser | undefined, data: Buffer, filename = 'me.png', contentType = 'image/png') {
  const body = multipart([
    { name: 'type', data: 'ProfilePicture' },
    { name: 'ImageContent', filename, contentType, data },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `${URL_SET}?Type=ProfilePicture`,
    headers: { ...(user?.headers ?? {}), ...body.headers },
    payload: body.payload,
  });
}

const filesOf = (user: TestUser) => {
  const folder = path.join(t.app.deps.config.DATA_DIR, 'files', 'avatars', user.userId);
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
};

describe('profile picture', () => {
  it('re-encodes an upload to WebP within 512×512 and serves it publicly', async () => {
    const user = await createUser(t.app);
    const response = await upload(user, await image(1200, 800).png().toBuffer());
    expect(response.statusCode).toBe(200);
    const { profilePictureUrl } = response.json();
    expect(profilePictureUrl).toMatch(new RegExp(`^${urlGet(user.userId)}\\?v=[0-9a-f]{12}$`));

    const served = await t.app.inject({ method: 'GET', url: profilePictureUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 341 });

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: user.headers });
    expect(me.json().user.profilePictureUrl).toBe(profilePictureUrl);
  });

  it('strips metadata such as EXIF from the stored image', async () => {
    const user = await createUser(t.app);
    const jpeg = await image(300, 300)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'home address' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    expect((await upload(user, jpeg, 'me.jpg', 'image/jpeg')).statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: urlGet(user.userId) });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('accepts GIF and WebP, judged by their bytes whatever the file name says', async () => {
    const user = await createUser(t.app);
    expect((await upload(user, await image(64, 64).gif().toBuffer(), 'a.gif', 'image/gif')).statusCode).toBe(200);
    expect((await upload(user, await image(64, 64).webp().toBuffer(), 'photo.txt', 'text/plain')).statusCode).toBe(200);
  });

  it("refuses files that are not JPEG, PNG, GIF or WebP with 'Invalid image format'", async () => {
    const user = await createUser(t.app);
    const png = await image(64, 64).png().toBuffer();
    const fakes: Array<[Buffer, string]> = [
      [Buffer.from('this is not an image at all'), 'fake.png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'icon.svg'],
      [Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'), 'doc.png'],
      [await image(64, 64).tiff().toBuffer(), 'scan.png'],
      [png.subarray(0, 40), 'truncated.png'],
    ];
    for (const [data, filename] of fakes) {
      const response = await upload(user, data, filename, 'image/png');
      expect(response.statusCode, filename).toBe(415);
      expect(response.json().error).toEqual({ code: 'INVALID_IMAGE_FORMAT', message: 'Invalid image format' });
    }
    expect(filesOf(user)).toEqual([]);
  });

  it("refuses images over 5MB with 'Image too large (maximum 5MB)' and accepts one just under", async () => {
    const user = await createUser(t.app);
    const tooLarge = Buffer.concat([await image(8, 8).png().toBuffer(), randomBytes(5 * 1024 * 1024)]);
    const response = await upload(user, tooLarge);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({ code: 'IMAGE_TOO_LARGE', message: 'Image too large (maximum 5MB)' });

    const noise = randomBytes(1400 * 1000 * 3);
    const big = await sharp(noise, { raw: { width: 1400, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(big.length).toBeLessThan(5 * 1024 * 1024);
    expect((await upload(user, big)).statusCode).toBe(200);
  });

  it('refuses a request without an image', async () => {
    const user = await createUser(t.app);
    const noFile = multipart([{ name: 'type', data: 'ProfilePicture' }]);
    const response = await t.app.inject({
      method: 'POST',
      url: URL_SET,
      headers: { ...user.headers, ...noFile.headers },
      payload: noFile.payload,
    });
    expect(response.statusCode).toBe(400);
    // An upload route takes multipart only.
    const json = await t.app.inject({ method: 'POST', url: URL_SET, headers: user.headers, payload: { image: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('replaces the previous picture and removes its file', async () => {
    const user = await createUser(t.app);
    const first = (await upload(user, await image(100, 100).png().toBuffer())).json().profilePictureUrl;
    const second = (await upload(user, await image(120, 100).png().toBuffer())).json().profilePictureUrl;
    expect(second).not.toBe(first);
    expect(filesOf(user)).toHaveLength(1);
  });

  it('keeps one picture file when several are uploaded at once', async () => {
    const user = await createUser(t.app);
    const pictures = await Promise.all([80, 90, 100, 110, 120].map((width) => image(width, 60).png().toBuffer()));
    const responses = await Promise.all(pictures.map((data) => upload(user, data)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    expect(filesOf(user)).toHaveLength(1);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: user.headers });
    const kept = session.json().user.profilePictureUrl;
    expect(responses.map((response) => response.json().profilePictureUrl)).toContain(kept);
  });

  it("changes only the uploader's own picture", async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await upload(a, await image(100, 100).png().toBuffer());
    const before = (await t.app.inject({ method: 'GET', url: urlGet(a.userId) })).rawPayload;
    await upload(b, await image(50, 200).png().toBuffer());
    const after = (await t.app.inject({ method: 'GET', url: urlGet(a.userId) })).rawPayload;
    expect(after.equals(before)).toBe(true);
    expect(
      (await sharp((await t.app.inject({ method: 'GET', url: urlGet(b.userId) })).rawPayload).metadata()).width,
    ).toBe(50);
  });

  it('answers 404 for a user without a picture or an unknown user, and 401 for an anonymous upload', async () => {
    const user = await createUser(t.app);
    for (const id of [user.userId, '00000000-0000-4000-8000-000000000000']) {
      const response = await t.app.inject({ method: 'GET', url: urlGet(id) });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    expect((await t.app.inject({ method: 'GET', url: urlGet('not-a-uuid') })).statusCode).toBe(400);
    expect((await upload(undefined, await image(10, 10).png().toBuffer())).statusCode).toBe(401);
  });
});
