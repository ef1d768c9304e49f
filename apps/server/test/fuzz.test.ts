import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCALES } from '@marco/contract/locales';
import { WEB_ROUTES } from '@marco/contract/routes';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './app.js';
import { createUser, newIp, type TestUser } from './factories.js';
import { createApprovedGuide, createStaff, findPlace, workdayFromNow } from './guide-factories.js';
import { requestReservation } from './payment-factories.js';

/**
 * Every route of the OpenAPI document, fed generated path values, query strings and bodies
 * (valid, boundary, wrong-typed, oversized, control characters, lone surrogates, bidi
 * overrides, unnormalised text) as a visitor, a traveller, a guide and staff: none may
 * answer 5xx. A fixed seed per route keeps every run identical; FUZZ_RUNS raises the count
 * (`npm run test:fuzz` runs 1,000 per route), FUZZ_SEED tries another seed and FUZZ_ONLY
 * (a pattern of "METHOD /path") picks routes.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 15);
/** Only the routes whose "METHOD /path" matches, to replay a failure. */
const ONLY = new RegExp(process.env.FUZZ_ONLY ?? '');

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
const METHODS: Method[] = ['get', 'put', 'post', 'delete', 'patch'];
type Schema = OpenAPIV3.SchemaObject;

/**
 * Not fuzzed here: multipart uploads take files, not the JSON and query values generated
 * here (files.test.ts, photos.test.ts and profile-picture.test.ts send them broken,
 * oversized and mislabelled); the payment webhook refuses anything without a valid Stripe
 * signature, which generated input cannot carry (stripe-webhook.test.ts sends tampered,
 * stale and unsigned events).
 */
const SKIPPED = new Set([
  'POST /api/app/custom-user-account-public/set-profile-picture',
  'POST /api/app/review-public/upload-photo',
  'POST /api/app/file-management-public/upload-user-guide-photo-file',
  'POST /api/app/file-management-public/upload-user-guide-video-file',
  'POST /api/app/file-management-public/upload-user-identity-doc-file',
  'POST /api/app/file-management-public/upload-user-certificate',
  'POST /api/app/file-management-public/upload-user-vehicle-doc-file',
  'POST /api/app/file-management-public/upload-user-vehicle-photo-file',
  'POST /api/app/stripe-payment-webhook-public',
]);

/** Routes that end the caller's session or account: they run last, with users of their own. */
const ENDS_SESSION = new Set(['DELETE /api/auth/session', 'DELETE /api/account/my-profile']);

// Pages are served from a build; a one-file build lets the page routes (and their lookups
// of guides, cities and posts for the page head) answer.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-fuzz-dist-'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><title>Marco</title></head><body></body></html>',
);
const t = await createTestApp({ webDistDir: webDist });
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});
const { app } = t;
const document: OpenAPIV3.Document = (await app.inject({ url: '/api/docs/json' })).json();

const staff = await createStaff(app, t.database.db);
const guide = await createApprovedGuide(app, t.database.db, { staff });
const traveller = await createUser(app);
const place = await findPlace(app, 'istanbul');
await requestReservation(app, traveller, guide, place.cityId, workdayFromNow(7));
await app.inject({
  method: 'POST',
  url: '/api/app/chat-conversation-public/open-conversation',
  headers: traveller.headers,
  payload: { recipientUserId: guide.user.userId },
});

/** Ids of real rows of every table, by table, so generated paths and bodies reach past "not found". */
async function realIds(): Promise<Map<string, string[]>> {
  const tables = await t.database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'id' and data_type = 'uuid'
        order by table_name`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name } of tables.rows) {
    const rows = await t.database.db.execute<{ id: string }>(
      sql`select id from ${sql.identifier(table_name)} order by id limit 5`,
    );
    if (rows.rows.length)
      byTable.set(
        table_name,
        rows.rows.map((row) => row.id),
      );
  }
  return byTable;
}
const idsByTable = await realIds();
const ids = [...idsByTable.values()].flat();

/**
 * The ids of the tables a field or path seems to mean ('conversationId' → conversations,
 * `…/get-user-address-by-id/{id}` → addresses), so most generated ids point at a row of the
 * right kind.
 */
function idsHinted(hint: string): string[] {
  const words = hint
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(
      (word) => word.length >= 4 && !['public', 'user', 'file', 'management', 'operation', 'operations'].includes(word),
    )
    .map((word) => word.replace(/(ies|y|s)$/, ''));
  return [...idsByTable.entries()]
    .filter(([table]) => words.some((word) => table.includes(word)))
    .flatMap(([, tableIds]) => tableIds);
}

/** Characters and texts that have broken servers: controls, NUL, surrogates, bidi, normalisation, size. */
const NASTY = [
  '\u0000',
  'a\u0000b',
  '\u0001\u001f\u007f',
  '\u0085\u009f',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '\u202e',
  'abc\u202edef',
  '\u2066\u2069',
  '\u200b\u200f\ufeff',
  'e\u0301',
  'Ä°stanbul',
  '\u0130STANBUL',
  '\ufb01',
  '\t\n\r',
  ' ',
  '',
  '%00',
  '%',
  "'; drop table users; --",
  '../../etc/passwd',
  '{{7*7}}<%= 7*7 %>',
  '😀👍🏽',
  'مرحبا',
  '1e309',
  '-0',
  'null',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(10_000),
  'é'.repeat(70_000),
];

const nastyString = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...NASTY.slice(0, 16)), fc.string({ maxLength: 10 }))
      .map((parts) => parts.join('')),
    weight: 2,
  },
);

/** Ordinary text in several scripts, unnormalised spellings included: it should pass where nasty text is refused. */
const benignString = fc.oneof(
  fc.constantFrom(
    'Galata Tower entrance',
    'Ayşe Yılmaz',
    'عائشة',
    'Müller',
    '東京',
    'Cafe\u0301 at the corner',
    'Ａｙｓｅ',
    'city_tour',
    'Hello, I would like to book a tour for two people next week.',
  ),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 30 }).map((text) => text.replace(/[^ -~]/g, 'x')),
);

const idValue = (hint: string) => {
  const hinted = idsHinted(hint);
  return fc.oneof(
    ...(hinted.length ? [{ arbitrary: fc.constantFrom(...hinted), weight: 6 }] : []),
    { arbitrary: fc.constantFrom(...ids), weight: 2 },
    { arbitrary: fc.uuid(), weight: 1 },
    { arbitrary: nastyString, weight: 1 },
  );
};

const dateValue = fc.oneof(
  fc
    .integer({ min: -400, max: 800 })
    .map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)),
  fc.constantFrom('2026-02-29', '2024-02-29', '0000-01-01', '9999-12-31', '2026-13-01', '2026-1-1'),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  nastyString,
);

const numberValue = (schema: Schema) => {
  const integer = schema.type === 'integer';
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 100_000;
  return fc.oneof(
    { arbitrary: integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true }), weight: 12 },
    { arbitrary: fc.constantFrom(min - 1, max + 1, 0, -1, 0.5, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308), weight: 2 },
    { arbitrary: integer ? fc.integer() : fc.double(), weight: 1 },
  );
};

/** Text within the field's length bounds (cut and padded), or past them now and then. */
const stringValue = (schema: Schema) => {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 5000;
  // Ordinary text with one bad character in it reaches furthest; NUL, which PostgreSQL
  // refuses outright, is half of them.
  const spiked = fc
    .tuple(benignString, fc.oneof(fc.constant('\u0000'), fc.constantFrom(...NASTY.slice(1, 16))), fc.nat())
    .map(([text, bad, at]) => {
      const cut = at % (text.length + 1);
      return text.slice(0, cut) + bad + text.slice(cut);
    });
  const fitted = fc
    .oneof(
      { arbitrary: benignString, weight: 5 },
      { arbitrary: spiked, weight: 3 },
      { arbitrary: nastyString, weight: 2 },
    )
    .map((text) => text.slice(0, max).padEnd(min, 'a'));
  const shaped: Array<fc.WeightedArbitrary<string>> = [
    { arbitrary: fitted, weight: 6 },
    { arbitrary: nastyString, weight: 1 },
    {
      arbitrary: fc.constantFrom('+905321234567', 'istanbul', 'city_tour', 'en', 'native', 'USD', 'passport'),
      weight: 1,
    },
  ];
  const matching = schema.pattern ? matchingOrNull(schema.pattern) : null;
  if (matching) {
    shaped.push(
      { arbitrary: matching, weight: 4 },
      {
        arbitrary: fc.tuple(matching, fc.constantFrom(...NASTY.slice(0, 16))).map(([text, extra]) => text + extra),
        weight: 2,
      },
    );
  }
  return fc.oneof(...shaped);
};

/** Strings of a field's pattern; null for the few patterns fast-check cannot generate from. */
function matchingOrNull(pattern: string): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return null;
  }
}

const wrongTyped = fc.oneof(
  fc.constantFrom(null, true, 0, -1, 1.5, '', [], {}, [null], { '': null }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Values for a JSON Schema of the document: mostly of its shape (at and past its bounds), sometimes anything. */
function valueFor(schema: Schema | undefined, hint: string, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return wrongTyped;
  return fc.oneof({ arbitrary: shapedValue(schema, hint, depth), weight: 20 }, { arbitrary: wrongTyped, weight: 1 });
}

function shapedValue(schema: Schema, hint: string, depth: number): fc.Arbitrary<unknown> {
  const variants = (schema.anyOf ?? schema.oneOf ?? schema.allOf) as Schema[] | undefined;
  if (variants?.length) return fc.oneof(...variants.map((variant) => valueFor(variant, hint, depth + 1)));
  if (schema.enum)
    return fc.oneof({ arbitrary: fc.constantFrom(...schema.enum), weight: 8 }, { arbitrary: nastyString, weight: 1 });
  const types = ([] as string[]).concat((schema.type as string | string[] | undefined) ?? []);
  if (types.length > 1)
    return fc.oneof(...types.map((type) => shapedValue({ ...schema, type } as Schema, hint, depth)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.oneof({ arbitrary: fc.boolean(), weight: 8 }, { arbitrary: fc.constantFrom('true', '1'), weight: 1 });
    case 'integer':
    case 'number':
      return numberValue(schema);
    case 'string':
      if (schema.format === 'uuid') return idValue(hint);
      if (schema.format === 'date' || schema.format === 'date-time') return dateValue;
      if (schema.format === 'email')
        return fc.oneof(
          fc.emailAddress(),
          nastyString.map((text) => `${text}@example.com`),
        );
      return stringValue(schema);
    case 'array':
      return fc.array(valueFor((schema as OpenAPIV3.ArraySchemaObject).items as Schema, hint, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 8),
        maxLength: Math.min((schema.maxItems ?? 4) + 1, 8),
      });
    case 'object':
      return objectValue(schema, hint, depth);
    default:
      return wrongTyped;
  }
}

function objectValue(schema: Schema, hint: string, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {}) as Array<[string, Schema]>;
  const required = new Set(schema.required ?? []);
  const fields = properties.map(([name, property]) =>
    fc
      .tuple(
        fc.constant(name),
        valueFor(property, name === 'id' ? hint : name, depth + 1),
        fc.integer({ min: 0, max: 29 }),
      )
      // A required field goes missing one time in thirty, an optional one half of the time.
      .map(([key, value, roll]) => (roll < (required.has(key) ? 1 : 15) ? undefined : ([key, value] as const))),
  );
  return fc
    .tuple(fc.tuple(...fields), fc.option(fc.dictionary(nastyString, wrongTyped, { maxKeys: 2 }), { freq: 10 }))
    .map(([entries, extra]) => ({
      ...(extra ?? {}),
      ...Object.fromEntries(entries.filter((entry) => entry !== undefined)),
    }));
}

/**
 * Percent-encodes any JavaScript string, lone surrogates included (as the UTF-8 bytes a
 * careless client would send), where encodeURIComponent throws.
 */
function encode(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff)
      out += `%${[0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => byte.toString(16).toUpperCase()).join('%')}`;
    else out += encodeURIComponent(char);
  }
  return out;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** A path or query value: shaped or raw text, sometimes with broken percent-encoding. */
const rawPart = fc.oneof(
  { arbitrary: nastyString.map(encode), weight: 3 },
  { arbitrary: fc.constantFrom('%', '%zz', '%C0%80', '%ED%A0%80', '%FF', '%00', '..', '%2F'), weight: 1 },
);
const partFor = (schema: Schema | undefined, hint: string) =>
  fc.oneof(
    { arbitrary: valueFor(schema, hint).map((value) => encode(asText(value))), weight: 3 },
    { arbitrary: rawPart, weight: 1 },
  );

type Identity = 'visitor' | 'traveller' | 'guide' | 'staff' | 'own';

interface Operation {
  method: Method;
  path: string;
  parameters: OpenAPIV3.ParameterObject[];
  body?: { type: string; schema: Schema };
}

const operations: Operation[] = Object.entries(document.paths).flatMap(([path, item]) =>
  METHODS.flatMap((method) => {
    const operation = item?.[method];
    if (!operation) return [];
    const content = (operation.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content ?? {};
    const [type, media] = Object.entries(content)[0] ?? [];
    return [
      {
        method,
        path,
        parameters: (operation.parameters ?? []) as OpenAPIV3.ParameterObject[],
        ...(type ? { body: { type, schema: (media?.schema ?? {}) as Schema } } : {}),
      },
    ];
  }),
);

const keyOf = (operation: Operation) => `${operation.method.toUpperCase()} ${operation.path}`;

function requestFor(operation: Operation, identities: Identity[]) {
  const pathParams = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = operation.parameters.filter((parameter) => parameter.in === 'query');
  const headerParams = operation.parameters.filter((parameter) => parameter.in === 'header');
  const query = fc.tuple(
    ...queryParams.map((parameter) =>
      fc.option(
        fc
          .array(partFor(parameter.schema as Schema, parameter.name === 'id' ? operation.path : parameter.name), {
            minLength: 1,
            maxLength: 2,
          })
          .map((values) => values.map((value) => `${encode(parameter.name)}=${value}`)),
        { freq: 3 },
      ),
    ),
    fc.option(
      fc.tuple(rawPart, rawPart).map(([key, value]) => [`${key}=${value}`]),
      { freq: 6 },
    ),
  );
  const headers = fc.tuple(
    ...headerParams.map((parameter) =>
      fc.option(
        fc.tuple(
          fc.constant(parameter.name),
          fc.oneof(
            fc.uuid(),
            fc.string({ unit: 'grapheme-ascii', maxLength: 300 }).filter((v) => /^[ -~]*$/.test(v)),
          ),
        ),
      ),
    ),
  );
  const bodyText: fc.Arbitrary<{ payload?: string; contentType?: string }> = operation.body
    ? fc.oneof(
        {
          arbitrary: valueFor(operation.body.schema, operation.path).map((value) =>
            bodyOf(operation.body?.type ?? '', value),
          ),
          weight: 8,
        },
        { arbitrary: nastyString.map((payload) => ({ payload, contentType: 'application/json' })), weight: 1 },
        { arbitrary: fc.constant({}), weight: 1 },
      )
    : fc.oneof(
        { arbitrary: fc.constant({}), weight: 3 },
        { arbitrary: wrongTyped.map((value) => bodyOf('application/json', value)), weight: 1 },
      );
  return fc.record({
    identity: fc.constantFrom(...identities),
    path: fc.tuple(
      ...pathParams.map((parameter) =>
        partFor(
          parameter.schema as Schema,
          parameter.name === 'id' ? operation.path : `${operation.path} ${parameter.name}`,
        ),
      ),
    ),
    query,
    headers,
    body: bodyText,
  });
}

function bodyOf(type: string, value: unknown): { payload: string; contentType: string } {
  if (type === 'application/x-www-form-urlencoded' && value && typeof value === 'object' && !Array.isArray(value))
    return {
      payload: Object.entries(value)
        .map(([key, field]) => `${encode(key)}=${encode(asText(field))}`)
        .join('&'),
      contentType: type,
    };
  return { payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' };
}

const users: Record<Exclude<Identity, 'visitor' | 'own'>, TestUser> = { traveller, guide: guide.user, staff };

/** The statuses each route answered, to check the generated input gets past validation. */
const answers = new Map<string, Set<number>>();

function seedOf(key: string): number {
  let hash = SEED;
  for (const char of key) hash = (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) | 0;
  return hash;
}

async function fuzz(operation: Operation, identities: Identity[], own?: () => Promise<TestUser>) {
  const pathParams = operation.parameters.filter((parameter) => parameter.in === 'path');
  await fc.assert(
    fc.asyncProperty(requestFor(operation, identities), async (input) => {
      let url = operation.path;
      pathParams.forEach((parameter, index) => {
        url = url.replace(`{${parameter.name}}`, input.path[index] ?? '');
      });
      const query = input.query.flat().filter((part): part is string => typeof part === 'string');
      if (query.length) url += `?${query.join('&')}`;
      const user =
        input.identity === 'own' ? await own?.() : input.identity === 'visitor' ? undefined : users[input.identity];
      const headers: Record<string, string> = {
        'x-forwarded-for': newIp(),
        ...(user ? { authorization: `Bearer ${user.token}` } : {}),
        ...Object.fromEntries(input.headers.filter((header) => header !== null)),
        ...(input.body.contentType ? { 'content-type': input.body.contentType } : {}),
      };
      const response = await app.inject({
        method: operation.method.toUpperCase() as 'GET',
        url,
        headers,
        ...(input.body.payload !== undefined ? { payload: input.body.payload } : {}),
      });
      const seen = answers.get(keyOf(operation)) ?? new Set<number>();
      answers.set(keyOf(operation), seen.add(response.statusCode));
      if (response.statusCode >= 500)
        throw new Error(`${operation.method.toUpperCase()} ${url} answered ${response.statusCode}: ${response.body}`);
    }),
    { seed: seedOf(keyOf(operation)), numRuns: RUNS },
  );
}

const timeout = Math.max(30_000, RUNS * 400);
const chosen = operations.filter((operation) => ONLY.test(keyOf(operation)));
const fuzzed = chosen.filter((operation) => !SKIPPED.has(keyOf(operation)) && !ENDS_SESSION.has(keyOf(operation)));
// Staff decisions change the guide's state the other routes act on: they go after the rest.
const staffLast = (operation: Operation) => (operation.path.includes('/admin/') ? 1 : 0);

describe('no generated input gets a 5xx', () => {
  it('fuzzes every route of the document but the skipped', () => {
    expect(operations.length).toBeGreaterThan(150);
    expect(operations.filter((operation) => SKIPPED.has(keyOf(operation)))).toHaveLength(SKIPPED.size);
  });

  for (const operation of [...fuzzed].sort((a, b) => staffLast(a) - staffLast(b)))
    it(keyOf(operation), () => fuzz(operation, ['visitor', 'traveller', 'guide', 'staff']), timeout);

  for (const operation of chosen.filter((candidate) => ENDS_SESSION.has(keyOf(candidate))))
    it(
      `${keyOf(operation)} (own users)`,
      async () => {
        let current: TestUser | undefined;
        // A fresh user whenever the last one's session or account has gone.
        const own = async () => {
          if (!current || (await app.inject({ url: '/api/auth/session', headers: current.headers })).statusCode !== 200)
            current = await createUser(app);
          return current;
        };
        await fuzz(operation, ['visitor', 'own'], own);
      },
      timeout,
    );

  for (const route of WEB_ROUTES.filter(
    (candidate) => candidate.includes(':') && ONLY.test(`GET /{locale}/${candidate}`),
  ))
    it(
      `GET /{locale}/${route} (page)`,
      async () => {
        const page = fc.record({
          locale: fc.oneof(fc.constantFrom(...LOCALES), rawPart),
          segments: fc.array(partFor({ anyOf: [{ type: 'string', format: 'uuid' }, { type: 'string' }] }, route), {
            minLength: 2,
            maxLength: 2,
          }),
          query: fc.option(fc.tuple(rawPart, rawPart), { freq: 3 }),
        });
        await fc.assert(
          fc.asyncProperty(page, async (input) => {
            let index = 0;
            const url =
              `/${input.locale}/${route.replace(/:\w+/g, () => input.segments[index++] ?? '')}` +
              (input.query ? `?${input.query[0]}=${input.query[1]}` : '');
            const response = await app.inject({ url, headers: { 'x-forwarded-for': newIp() } });
            if (response.statusCode >= 500)
              throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body}`);
          }),
          { seed: seedOf(route), numRuns: RUNS },
        );
      },
      timeout,
    );

  // A fuzzer whose every input fails validation proves nothing about the code behind it.
  it.runIf(chosen.length === operations.length)('gets past validation on a third of the routes or more', () => {
    const reached = [...answers.values()].filter((statuses) => [...statuses].some((status) => status < 300));
    expect(reached.length).toBeGreaterThan(fuzzed.length / 3);
  });
});
