import type { CurrencyCode } from '@marco/contract/reference';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../src/db/client.js';
import { createUser, type MultipartField, multipart, type TestUser } from './factories.js';
import { createStaff as createStaffMember } from './staff-factories.js';

/*
 * Guides test data (issue 4), made through the real endpoints: real image bytes from sharp,
 * tiny but real MP4/MOV/WebM headers (file-type only needs the first bytes), a minimal PDF.
 */

// -- File bytes -----------------------------------------------------------------------------------

/** A real image of the given format and size, with EXIF metadata to prove it is stripped. */
export async function imageBytes(
  format: 'jpeg' | 'png' | 'webp' | 'gif' = 'jpeg',
  size: { width: number; height: number } = { width: 64, height: 48 },
): Promise<Buffer> {
  const image = sharp({
    create: { width: size.width, height: size.height, channels: 3, background: { r: 200, g: 80, b: 40 } },
  }).withExif({ IFD0: { Copyright: 'secret-exif-marker' } });
  return image.toFormat(format).toBuffer();
}

const box = (type: string, payload: Buffer) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
};
const ftyp = (brand: string) =>
  box('ftyp', Buffer.concat([Buffer.from(brand, 'latin1'), Buffer.alloc(4), Buffer.from('isommp41', 'latin1')]));
const mvhd = (timescale: number, duration: number) => {
  const payload = Buffer.alloc(100);
  payload.writeUInt32BE(timescale, 12);
  payload.writeUInt32BE(duration, 16);
  return box('mvhd', payload);
};

/** An MP4 (or MOV with `quicktime`) whose moov/mvhd says `durationSeconds`; `moovLast` puts moov after mdat. */
export function videoBytes(
  options: { durationSeconds?: number; quicktime?: boolean; moovLast?: boolean; padding?: number } = {},
): Buffer {
  const moov = box('moov', mvhd(1000, Math.round((options.durationSeconds ?? 90) * 1000)));
  const mdat = box('mdat', Buffer.alloc(options.padding ?? 256, 7));
  const head = ftyp(options.quicktime ? 'qt  ' : 'isom');
  return Buffer.concat(options.moovLast ? [head, mdat, moov] : [head, moov, mdat]);
}

/** A WebM (EBML header with DocType webm); it has no duration the server reads. */
export function webmBytes(): Buffer {
  const element = (id: number[], payload: Buffer) =>
    Buffer.concat([Buffer.from(id), Buffer.from([0x80 | payload.length]), payload]);
  return Buffer.concat([
    element(
      [0x1a, 0x45, 0xdf, 0xa3],
      Buffer.concat([element([0x42, 0x86], Buffer.from([1])), element([0x42, 0x82], Buffer.from('webm'))]),
    ),
    Buffer.alloc(256, 3),
  ]);
}

/** A minimal valid PDF (one empty page). */
export function pdfBytes(): Buffer {
  const objects = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(body.length);
    body += object;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

// -- Calls ----------------------------------------------------------------------------------------

/** POSTs a multipart upload with the file in `file` (plus extra text fields). */
export async function upload(
  app: FastifyInstance,
  user: Pick<TestUser, 'headers'>,
  url: string,
  file: { data: Buffer; filename: string; contentType?: string },
  fields: MultipartField[] = [],
) {
  const form = multipart([
    ...fields,
    {
      name: 'file',
      data: file.data,
      filename: file.filename,
      contentType: file.contentType ?? 'application/octet-stream',
    },
  ]);
  return app.inject({ method: 'POST', url, headers: { ...user.headers, ...form.headers }, payload: form.payload });
}

const API = '/api/app';
export const FILES = `${API}/file-management-public`;

async function call(
  app: FastifyInstance,
  user: Pick<TestUser, 'headers'>,
  method: string,
  url: string,
  payload?: unknown,
) {
  const response = await app.inject({
    method: method as 'GET',
    url,
    headers: user.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Ids of a country (ISO code) and one of its cities (key), read through address-public. */
export async function findPlace(app: FastifyInstance, cityKey: string) {
  const cities = (await app.inject({ method: 'GET', url: `${API}/address-public/get-cities` })).json().data as Array<{
    id: string;
    key: string;
    countryId: string;
    timezone: string;
  }>;
  const city = cities.find((entry) => entry.key === cityKey);
  if (!city) throw new Error(`no city ${cityKey}`);
  return { cityId: city.id, countryId: city.countryId, timezone: city.timezone };
}

/**
 * The first Monday–Friday date (YYYY-MM-DD) at least `days` days from now: a day the default
 * plan works, whatever weekday the tests run on (a week from a Saturday is a Saturday).
 */
export function workdayFromNow(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

export interface GuideOptions {
  /** ISO 639-1 codes; the first is primary. Default ['en']. */
  languages?: string[];
  /** City key (reference data). Default 'istanbul'. */
  city?: string;
  /** Hourly rate in minor units and currency. Default 5000 TRY… { minor: 5000, currency: 'USD' }. */
  rate?: { minor: number; currency: CurrencyCode };
  /** Work plans; default Monday–Friday 9–17 every week. */
  plans?: unknown[];
  name?: string;
  surname?: string;
}

export interface TestGuide {
  user: TestUser;
  guideId: string;
}

/** A user who has completed every required step of become-a-guide (not yet submitted). */
export async function createGuideApplicant(app: FastifyInstance, options: GuideOptions = {}): Promise<TestGuide> {
  const user = await createUser(app, {
    ...(options.name ? { name: options.name } : {}),
    ...(options.surname ? { surname: options.surname } : {}),
  });
  const place = await findPlace(app, options.city ?? 'istanbul');
  const mine = await call(app, user, 'PUT', `${API}/user-guide-operation-public/update-user-guide`, {
    about: 'I show travellers the hidden corners of my city.',
    countryId: place.countryId,
    cityId: place.cityId,
  });
  const languages = options.languages ?? ['en'];
  await call(app, user, 'PUT', `${API}/user-mr-language-public/update-user-mr-languages`, {
    languages: languages.map((code, index) => ({
      languageCode: code,
      levelKey: index === 0 ? 'native' : 'fluent',
      isPrimary: index === 0,
    })),
  });
  const rate = options.rate ?? { minor: 5000, currency: 'USD' };
  await call(app, user, 'POST', `${API}/user-guide-pricing-public/create-update`, {
    hourlyRateMinor: rate.minor,
    currency: rate.currency,
  });
  await call(app, user, 'POST', `${API}/service-type-public/create-update/${mine.guideId}/guidance`, {
    serviceTypeKeys: ['city_tour', 'historical_places'],
  });
  await call(app, user, 'PUT', `${API}/user-guide-operation-public/update-user-guide-work-schedule`, {
    plans: options.plans ?? [{ planType: 'weekly', startHour: 9, endHour: 17, weekdays: [1, 2, 3, 4, 5] }],
  });
  const photo = await upload(app, user, `${FILES}/upload-user-guide-photo-file`, {
    data: await imageBytes('jpeg'),
    filename: 'me.jpg',
  });
  if (photo.statusCode !== 200) throw new Error(`photo: ${photo.statusCode} ${photo.body}`);
  const countries = (await app.inject({ method: 'GET', url: `${API}/address-public/get-countries` })).json()
    .data as Array<{
    id: string;
    code: string;
  }>;
  await call(app, user, 'PUT', `${API}/user-guide-operation-public/update-user-guide-id-verification`, {
    verificationTypeKey: 'passport',
    issuingCountryId: countries.find((country) => country.code === 'TR')?.id,
    issueDate: '2020-01-15',
  });
  const document = await upload(app, user, `${FILES}/upload-user-identity-doc-file`, {
    data: pdfBytes(),
    filename: 'passport.pdf',
  });
  if (document.statusCode !== 200) throw new Error(`identity doc: ${document.statusCode} ${document.body}`);
  await call(app, user, 'POST', `${API}/user-guide-pricing-public/create-update-bank-info`, {
    bankName: 'Ziraat Bankası',
    iban: 'TR33 0006 1005 1978 6457 8413 26',
    swift: 'TCZBTR2A',
    holderFirstName: 'Ayşe',
    holderLastName: 'Yılmaz',
  });
  return { user, guideId: mine.guideId };
}

/** A support staff member past the second factor (staff-factories.ts), who reviews applications. */
export async function createStaff(app: FastifyInstance, db: Db): Promise<TestUser> {
  return createStaffMember(app, db, { roles: ['support'] });
}

/** A submitted application. */
export async function createSubmittedGuide(app: FastifyInstance, options: GuideOptions = {}): Promise<TestGuide> {
  const guide = await createGuideApplicant(app, options);
  await call(app, guide.user, 'POST', `${API}/user-guide-operation-public/update-user-guide-status?status=submitted`);
  return guide;
}

/** An approved, active guide, visible on the public profile; `staff` approves (created when not given). */
export async function createApprovedGuide(
  app: FastifyInstance,
  db: Db,
  options: GuideOptions & { staff?: TestUser } = {},
): Promise<TestGuide> {
  const guide = await createSubmittedGuide(app, options);
  const staff = options.staff ?? (await createStaff(app, db));
  await call(app, staff, 'POST', `${API}/admin/guides/${guide.guideId}/approve`);
  return guide;
}
