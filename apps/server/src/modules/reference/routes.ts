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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiLocale } from '../../platform/locale.js';
import { sendSerialized } from '../../platform/serialized-reply.js';
import { GenerationCache } from '../search/generation-cache.js';
import { countPublicGuidesByPlace } from '../search/service.js';
import * as reference from './service.js';

const tags = ['reference'];
const errors = { 400: ErrorBodySchema };

/** Start-up and reference calls of spec §7; every list answers `{ data: [...] }`. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, searchGeneration } = app.deps;
  const placeAnswers = new GenerationCache<string>({ ttlMs: 60_000, maxEntries: 1000 });

  app.get(
    '/search-public/languages',
    { schema: { tags, querystring: LocaleQuerySchema, response: { 200: LanguageListSchema, ...errors } } },
    async (request) => ({ data: await reference.listLanguages(db, apiLocale(request, request.query.locale)) }),
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
      const json = await placeAnswers.get(
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
          return JSON.stringify(PlaceListSchema.parse({ data }));
        },
      );
      return sendSerialized(reply, json);
    },
  );

  for (const url of ['/gender-public/genders', '/gender-public/get-genders']) {
    app.get(
      url,
      { schema: { tags, querystring: LocaleQuerySchema, response: { 200: GenderListSchema, ...errors } } },
      async (request) => ({ data: await reference.listGenders(db, apiLocale(request, request.query.locale)) }),
    );
  }

  app.get(
    '/currency-public/get-currency-public',
    { schema: { tags, querystring: LocaleQuerySchema, response: { 200: CurrencyListSchema, ...errors } } },
    async (request) => ({ data: await reference.listCurrencies(db, apiLocale(request, request.query.locale)) }),
  );

  app.get(
    '/guid-id-verification-type-public/guid-id-verification-types',
    { schema: { tags, querystring: LocaleQuerySchema, response: { 200: VerificationTypeListSchema, ...errors } } },
    async (request) => ({ data: await reference.listVerificationTypes(db, apiLocale(request, request.query.locale)) }),
  );

  app.get(
    '/service-type-public/get-all',
    { schema: { tags, querystring: LocaleQuerySchema, response: { 200: ServiceTypeAllSchema, ...errors } } },
    async (request) => {
      const locale = apiLocale(request, request.query.locale);
      const [data, serviceKinds] = await Promise.all([
        reference.listServiceTypes(db, locale),
        reference.listServiceKinds(db, locale),
      ]);
      return { data, serviceKinds };
    },
  );

  app.get(
    '/service-type-public/get-list',
    { schema: { tags, querystring: ServiceTypeListQuerySchema, response: { 200: ServiceTypeListSchema, ...errors } } },
    async (request) => ({
      data: await reference.listServiceTypes(db, apiLocale(request, request.query.locale), request.query.set),
    }),
  );

  app.get(
    '/user-mr-language-public/get-mr-language-levels',
    { schema: { tags, querystring: LocaleQuerySchema, response: { 200: LanguageLevelListSchema, ...errors } } },
    async (request) => ({ data: await reference.listLanguageLevels(db, apiLocale(request, request.query.locale)) }),
  );

  app.get(
    '/onboarding-content-public-public/get-onboarding-content-public',
    { schema: { tags, querystring: LocaleQuerySchema, response: { 200: OnboardingListSchema, ...errors } } },
    async (request) => ({ data: await reference.listOnboardingContent(db, apiLocale(request, request.query.locale)) }),
  );

  app.get(
    '/address-public/get-countries',
    { schema: { tags, querystring: LocaleQuerySchema, response: { 200: CountryListSchema, ...errors } } },
    async (request) => ({ data: await reference.listCountries(db, apiLocale(request, request.query.locale)) }),
  );

  app.get(
    '/address-public/get-states',
    { schema: { tags, querystring: StatesQuerySchema, response: { 200: StateListSchema, ...errors } } },
    async (request) => ({
      data: await reference.listStates(db, apiLocale(request, request.query.locale), request.query.countryId),
    }),
  );

  app.get(
    '/address-public/get-cities',
    { schema: { tags, querystring: CitiesQuerySchema, response: { 200: CityListSchema, ...errors } } },
    async (request) => {
      const { locale, countryId, stateId } = request.query;
      return { data: await reference.listCities(db, apiLocale(request, locale), { countryId, stateId }) };
    },
  );
};
