import { LocaleQuerySchema } from '@marco/contract/common';
import { ErrorBodySchema } from '@marco/contract/errors';
import {
  CitiesQuerySchema,
  CityListSchema,
  CountryListSchema,
  CurrencyListSchema,
  GenderListSchema,
  LanguageLevelListSchema,
  LanguageListSchema,
  OnboardingListSchema,
  PlaceListSchema,
  SearchPlacesQuerySchema,
  ServiceTypeAllSchema,
  ServiceTypeListQuerySchema,
  ServiceTypeListSchema,
  StateListSchema,
  StatesQuerySchema,
  VerificationTypeListSchema,
} from '@marco/contract/reference';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { apiLocale } from '../../platform/locale.js';
import { type KeptBody, keepJson, sendKept } from '../../platform/serialized-reply.js';
import { GenerationCache } from '../search/generation-cache.js';
import { countPublicGuidesByPlace } from '../search/service.js';
import * as reference from './service.js';

const tags = ['reference'];
const errors = { 400: ErrorBodySchema };

/** Start-up and reference calls of spec §7; every list answers `{ data: [...] }`. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  // Lists and places are public: read on the replica when there is one (DATABASE_READ_URL).
  // The generations listen on the primary, where the changes are committed and notified.
  const { readDb: db, clock, searchGeneration, referenceGeneration } = app.deps;
  const placeAnswers = new GenerationCache<KeptBody>({ ttlMs: 60_000, maxEntries: 1000 });

  // Reference lists are read once per reference generation (they change when staff edit
  // them, which notifies every instance) and kept as prepared bytes per locale and query.
  // Bounded: the state and city lists are keyed by ids a caller chooses.
  const referenceAnswers = new GenerationCache<KeptBody>({ ttlMs: 10 * 60_000, maxEntries: 2000 });
  // A kept answer goes out synchronously: no promise between the cache and the reply, which
  // is most of what this route costs beyond sending bytes (decision 010).
  const sendReference = (
    request: FastifyRequest,
    reply: FastifyReply,
    key: readonly (string | number | undefined)[],
    schema: ZodType,
    read: () => Promise<unknown>,
  ): undefined | Promise<void> => {
    // Revalidated on every use: a 304 costs no query, and a changed list shows at once.
    reply.header('cache-control', 'no-cache');
    const cacheKey = key.join(' ');
    const generation = referenceGeneration.current();
    const now = clock.now().getTime();
    const kept = referenceAnswers.peek(cacheKey, generation, now);
    if (kept) {
      sendKept(request, reply, kept);
      return undefined;
    }
    return referenceAnswers
      .get(cacheKey, generation, now, async () => keepJson(JSON.stringify(schema.parse(await read()))))
      .then((fresh) => {
        sendKept(request, reply, fresh);
      });
  };

  app.get(
    '/search-public/languages',
    { schema: { tags, querystring: LocaleQuerySchema, response: { 200: LanguageListSchema, ...errors } } },
    (request, reply) => {
      const locale = apiLocale(request, request.query.locale);
      return sendReference(request, reply, ['languages', locale], LanguageListSchema, async () => ({
        data: await reference.listLanguages(db, locale),
      }));
    },
  );

  app.get(
    '/search-public/search-places',
    { schema: { tags, querystring: SearchPlacesQuerySchema, response: { 200: PlaceListSchema, ...errors } } },
    async (request, reply) => {
      const { query, limit } = request.query;
      const locale = apiLocale(request, request.query.locale);
      // What it reads (places, public guides) is what moves the search generation, so an
      // answer is kept like a guide search's: typing in the place field repeats prefixes.
      const generation = searchGeneration.current();
      const kept = await placeAnswers.get(
        JSON.stringify([locale, query, limit]),
        generation,
        clock.now().getTime(),
        async () => {
          const places = await reference.searchPlaces(db, locale, query, limit);
          const counts = await countPublicGuidesByPlace(
            db,
            places.map((place) => place.id),
          );
          const data = places.map((place) => ({ ...place, guideCount: counts.get(place.id) ?? 0 }));
          return keepJson(JSON.stringify(PlaceListSchema.parse({ data })));
        },
      );
      return sendKept(request, reply, kept);
    },
  );

  for (const url of ['/gender-public/genders', '/gender-public/get-genders']) {
    app.get(
      url,
      { schema: { tags, querystring: LocaleQuerySchema, response: { 200: GenderListSchema, ...errors } } },
      (request, reply) => {
        const locale = apiLocale(request, request.query.locale);
        return sendReference(request, reply, ['genders', locale], GenderListSchema, async () => ({
          data: await reference.listGenders(db, locale),
        }));
      },
    );
  }

  app.get(
    '/currency-public/get-currency-public',
    { schema: { tags, querystring: LocaleQuerySchema, response: { 200: CurrencyListSchema, ...errors } } },
    (request, reply) => {
      const locale = apiLocale(request, request.query.locale);
      return sendReference(request, reply, ['currencies', locale], CurrencyListSchema, async () => ({
        data: await reference.listCurrencies(db, locale),
      }));
    },
  );

  app.get(
    '/guid-id-verification-type-public/guid-id-verification-types',
    { schema: { tags, querystring: LocaleQuerySchema, response: { 200: VerificationTypeListSchema, ...errors } } },
    (request, reply) => {
      const locale = apiLocale(request, request.query.locale);
      return sendReference(request, reply, ['verification-types', locale], VerificationTypeListSchema, async () => ({
        data: await reference.listVerificationTypes(db, locale),
      }));
    },
  );

  app.get(
    '/service-type-public/get-all',
    { schema: { tags, querystring: LocaleQuerySchema, response: { 200: ServiceTypeAllSchema, ...errors } } },
    (request, reply) => {
      const locale = apiLocale(request, request.query.locale);
      return sendReference(request, reply, ['service-types', locale], ServiceTypeAllSchema, async () => {
        const [data, serviceKinds] = await Promise.all([
          reference.listServiceTypes(db, locale),
          reference.listServiceKinds(db, locale),
        ]);
        return { data, serviceKinds };
      });
    },
  );

  app.get(
    '/service-type-public/get-list',
    { schema: { tags, querystring: ServiceTypeListQuerySchema, response: { 200: ServiceTypeListSchema, ...errors } } },
    (request, reply) => {
      const locale = apiLocale(request, request.query.locale);
      const { set } = request.query;
      return sendReference(request, reply, ['service-type-list', locale, set], ServiceTypeListSchema, async () => ({
        data: await reference.listServiceTypes(db, locale, set),
      }));
    },
  );

  app.get(
    '/user-mr-language-public/get-mr-language-levels',
    { schema: { tags, querystring: LocaleQuerySchema, response: { 200: LanguageLevelListSchema, ...errors } } },
    (request, reply) => {
      const locale = apiLocale(request, request.query.locale);
      return sendReference(request, reply, ['language-levels', locale], LanguageLevelListSchema, async () => ({
        data: await reference.listLanguageLevels(db, locale),
      }));
    },
  );

  app.get(
    '/onboarding-content-public-public/get-onboarding-content-public',
    { schema: { tags, querystring: LocaleQuerySchema, response: { 200: OnboardingListSchema, ...errors } } },
    (request, reply) => {
      const locale = apiLocale(request, request.query.locale);
      return sendReference(request, reply, ['onboarding', locale], OnboardingListSchema, async () => ({
        data: await reference.listOnboardingContent(db, locale),
      }));
    },
  );

  app.get(
    '/address-public/get-countries',
    { schema: { tags, querystring: LocaleQuerySchema, response: { 200: CountryListSchema, ...errors } } },
    (request, reply) => {
      const locale = apiLocale(request, request.query.locale);
      return sendReference(request, reply, ['countries', locale], CountryListSchema, async () => ({
        data: await reference.listCountries(db, locale),
      }));
    },
  );

  app.get(
    '/address-public/get-states',
    { schema: { tags, querystring: StatesQuerySchema, response: { 200: StateListSchema, ...errors } } },
    (request, reply) => {
      const locale = apiLocale(request, request.query.locale);
      const { countryId } = request.query;
      return sendReference(request, reply, ['states', locale, countryId], StateListSchema, async () => ({
        data: await reference.listStates(db, locale, countryId),
      }));
    },
  );

  app.get(
    '/address-public/get-cities',
    { schema: { tags, querystring: CitiesQuerySchema, response: { 200: CityListSchema, ...errors } } },
    (request, reply) => {
      const locale = apiLocale(request, request.query.locale);
      const { countryId, stateId } = request.query;
      return sendReference(request, reply, ['cities', locale, countryId, stateId], CityListSchema, async () => ({
        data: await reference.listCities(db, locale, { countryId, stateId }),
      }));
    },
  );
};
