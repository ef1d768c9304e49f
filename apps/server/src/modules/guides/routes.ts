import { SuccessSchema } from '@marco/contract/auth';
import { IdSchema, LocaleQuerySchema } from '@marco/contract/common';
import { ErrorBodySchema } from '@marco/contract/errors';
import {
  AVAILABILITY_MAX_DAYS,
  AvailableHoursQuerySchema,
  AvailableHoursSchema,
  BankInfoOrNullSchema,
  BankInfoSchema,
  CreateFreeDateSchema,
  FreeDateListSchema,
  FreeDateSchema,
  FreeDatesQuerySchema,
  GuideApplicationStateSchema,
  GuideDetailQuerySchema,
  GuideDetailSchema,
  GuideIdParamsSchema,
  GuideLanguageListSchema,
  GuideLanguagesForEditSchema,
  GuidePriceSchema,
  GuideServiceTypesSchema,
  GuideStageSchema,
  IdVerificationSchema,
  IsUserGuideSchema,
  MyGuideOrNullSchema,
  MyGuideSchema,
  PriceListSchema,
  ReplaceWorkScheduleSchema,
  ServiceTypeParamsSchema,
  UpdateBankInfoSchema,
  UpdateGuideLanguagesQuerySchema,
  UpdateGuideLanguagesSchema,
  UpdateGuidePriceSchema,
  UpdateGuideServiceTypesSchema,
  UpdateGuideStageSchema,
  UpdateGuideStatusQuerySchema,
  UpdateIdVerificationSchema,
  UpdateMyGuideSchema,
  VehicleInputSchema,
  VehicleListSchema,
  VehicleSchema,
  WorkPlanInputSchema,
  WorkPlanSchema,
  WorkScheduleSchema,
} from '@marco/contract/guides';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedInSecurity, userOf } from '../../platform/auth/index.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { apiLocale, writtenLanguage } from '../../platform/locale.js';
import { getAvailableHours, localDateOf } from './availability.js';
import { getPublicGuideDetail } from './guide-detail.js';
import {
  findGuideByUser,
  getGuideStage,
  getMyGuide,
  getReadableGuide,
  isUserGuide,
  updateGuideStage,
  updateGuideStatus,
  updateMyGuide,
} from './guide-profile.js';
import { getOwnIdVerification, setIdVerification } from './id-verification.js';
import {
  deleteGuideLanguage,
  listGuideLanguages,
  listLanguageChoices,
  replaceGuideLanguages,
  upsertGuideLanguage,
} from './languages.js';
import { getOwnBankInfo, listOwnPrices, setBankInfo, setGuidePrice, toGuidePrice } from './pricing.js';
import {
  createFreeDate,
  createWorkPlan,
  deleteFreeDate,
  deleteWorkPlan,
  listFreeDates,
  listOwnFreeDates,
  listOwnWorkPlans,
  listWorkPlans,
  replaceWorkSchedule,
  updateWorkPlan,
} from './schedule.js';
import { listGuideServiceKinds, setGuideServiceTypes } from './service-types.js';
import { createVehicle, deleteVehicle, listOwnVehicles, updateVehicle } from './vehicles.js';

const tags = ['guides'];
const APP = '/api/app';
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
const guarded = { onRequest: requireUser };
const signedIn = signedInSecurity;
const RowIdParamsSchema = z.object({ id: IdSchema });

/**
 * The guides context (issue 4): become-a-guide stage and status, the guide's own profile,
 * languages, service types, pricing and bank info, work schedule, free dates, availability,
 * ID verification, vehicles, and the public guide profile. Calls that change data act on
 * the caller's own guide only.
 */
export const guidesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps;

  // -- user-guide-stage-public ---------------------------------------------------------------

  app.get(
    `${APP}/user-guide-stage-public/get-user-guide-stage`,
    {
      schema: {
        tags,
        summary: "The caller's furthest completed become-a-guide step (0..8) and application status",
        ...signedIn,
        response: { 200: GuideStageSchema, ...errors(401) },
      },
      ...guarded,
    },
    async (request) => getGuideStage(db, userOf(request).id),
  );

  app.put(
    `${APP}/user-guide-stage-public/update-user-guide-stage/:id`,
    {
      schema: {
        tags,
        summary:
          'Records step body.stage as completed ({id}: own user id or own guide id; others 403). Never moves back; creates the draft',
        ...signedIn,
        params: GuideIdParamsSchema,
        body: UpdateGuideStageSchema,
        response: { 200: GuideStageSchema, ...errors(400, 401, 403) },
      },
      ...guarded,
    },
    async (request) => updateGuideStage(deps, userOf(request), request.params.id, request.body.stage),
  );

  // -- user-guide-operation-public: status and own profile --------------------------------------

  app.get(
    `${APP}/user-guide-operation-public/is-user-guide`,
    {
      schema: {
        tags,
        summary: 'Whether the caller is an approved guide (guide mode), with the application status',
        ...signedIn,
        response: { 200: IsUserGuideSchema, ...errors(401) },
      },
      ...guarded,
    },
    async (request) => isUserGuide(db, userOf(request).id),
  );

  app.post(
    `${APP}/user-guide-operation-public/update-user-guide-status`,
    {
      schema: {
        tags,
        summary:
          '?status=submitted submits the application (draft or rejected; all required steps done, else 409 with details.missing); ' +
          '?status=active|inactive shows or pauses an approved profile',
        ...signedIn,
        querystring: UpdateGuideStatusQuerySchema,
        response: { 200: GuideApplicationStateSchema, ...errors(400, 401, 404, 409) },
      },
      ...guarded,
    },
    async (request) => updateGuideStatus(deps, userOf(request).id, request.query.status),
  );

  app.get(
    `${APP}/user-guide-operation-public/get-user-guide`,
    {
      schema: {
        tags,
        summary: "The caller's own guide profile and application state (null before applying)",
        ...signedIn,
        querystring: LocaleQuerySchema,
        response: { 200: MyGuideOrNullSchema, ...errors(401) },
      },
      ...guarded,
    },
    async (request) => getMyGuide(db, userOf(request).id, apiLocale(request, request.query.locale)),
  );

  app.put(
    `${APP}/user-guide-operation-public/update-user-guide`,
    {
      schema: {
        tags,
        summary:
          'Basic info (step 1) and "about me": about, country, state, city, street, time zone; creates the draft',
        ...signedIn,
        querystring: LocaleQuerySchema,
        body: UpdateMyGuideSchema,
        response: { 200: MyGuideSchema, ...errors(400, 401) },
      },
      ...guarded,
    },
    async (request) =>
      updateMyGuide(
        deps,
        userOf(request).id,
        request.body,
        apiLocale(request, request.query.locale),
        writtenLanguage(request),
      ),
  );

  app.get(
    `${APP}/user-guide-operation-public/get-user-guide-id-verification`,
    {
      schema: {
        tags,
        summary: "The caller's ID verification (method, issuing country, dates) and identity documents",
        ...signedIn,
        querystring: LocaleQuerySchema,
        response: { 200: IdVerificationSchema, ...errors(401) },
      },
      ...guarded,
    },
    async (request) => getOwnIdVerification(db, userOf(request).id, apiLocale(request, request.query.locale)),
  );

  app.put(
    `${APP}/user-guide-operation-public/update-user-guide-id-verification`,
    {
      schema: {
        tags,
        summary: 'Sets the ID verification method (verification type key), issuing country and issue date',
        ...signedIn,
        querystring: LocaleQuerySchema,
        body: UpdateIdVerificationSchema,
        response: { 200: IdVerificationSchema, ...errors(400, 401) },
      },
      ...guarded,
    },
    async (request) =>
      setIdVerification(deps, userOf(request).id, request.body, apiLocale(request, request.query.locale)),
  );

  // -- Free dates ------------------------------------------------------------------------------

  app.post(
    `${APP}/user-guide-operation-public/create-user-guide-free-date`,
    {
      schema: {
        tags,
        summary:
          'Adds a free date: a day (and hours, default the whole day) the caller is available beyond the schedule',
        ...signedIn,
        body: CreateFreeDateSchema,
        response: { 200: FreeDateSchema, ...errors(400, 401, 409) },
      },
      ...guarded,
    },
    async (request) => createFreeDate(deps, userOf(request).id, request.body),
  );

  app.get(
    `${APP}/user-guide-operation-public/user-guide-free-dates`,
    {
      schema: {
        tags,
        summary: "The caller's free dates (optional from/to, inclusive)",
        ...signedIn,
        querystring: FreeDatesQuerySchema,
        response: { 200: FreeDateListSchema, ...errors(400, 401) },
      },
      ...guarded,
    },
    async (request) => listOwnFreeDates(deps, userOf(request).id, request.query),
  );

  app.get(
    `${APP}/user-guide-operation-public/user-guide-free-dates-by-id/:id`,
    {
      schema: {
        tags,
        summary: "Free dates of guide {id} (guide id or user id); from defaults to today in the guide's zone",
        params: GuideIdParamsSchema,
        querystring: FreeDatesQuerySchema,
        response: { 200: FreeDateListSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      const guide = await getReadableGuide(db, request.user, request.params.id);
      const from = request.query.from ?? localDateOf(deps.clock.now(), guide.timezone);
      return listFreeDates(db, guide, { from, to: request.query.to });
    },
  );

  app.delete(
    `${APP}/user-guide-operation-public/delete-user-guide-free-date/:id`,
    {
      schema: {
        tags,
        summary: "Removes one of the caller's free dates",
        ...signedIn,
        params: RowIdParamsSchema,
        response: { 200: SuccessSchema, ...errors(400, 401, 404) },
      },
      ...guarded,
    },
    async (request) => {
      await deleteFreeDate(db, userOf(request).id, request.params.id);
      return { success: true as const };
    },
  );

  // -- Work schedule ------------------------------------------------------------------------------

  app.get(
    `${APP}/user-guide-operation-public/user-guide-work-plans`,
    {
      schema: {
        tags,
        summary: "The caller's work schedule: time zone and plans",
        ...signedIn,
        response: { 200: WorkScheduleSchema, ...errors(401) },
      },
      ...guarded,
    },
    async (request) => listOwnWorkPlans(deps, userOf(request).id),
  );

  app.get(
    `${APP}/user-guide-operation-public/user-guide-work-plans-by-id/:id`,
    {
      schema: {
        tags,
        summary: 'The work schedule of guide {id} (guide id or user id)',
        params: GuideIdParamsSchema,
        response: { 200: WorkScheduleSchema, ...errors(400, 404) },
      },
    },
    async (request) => listWorkPlans(db, await getReadableGuide(db, request.user, request.params.id)),
  );

  app.post(
    `${APP}/user-guide-operation-public/create-user-guide-work-plan`,
    {
      schema: {
        tags,
        summary: 'Adds a plan (daily, weekly, monthly, special) in local hours; endHour must be after startHour',
        ...signedIn,
        body: WorkPlanInputSchema,
        response: { 200: WorkPlanSchema, ...errors(400, 401, 409) },
      },
      ...guarded,
    },
    async (request) => createWorkPlan(deps, userOf(request).id, request.body),
  );

  app.put(
    `${APP}/user-guide-operation-public/update-user-guide-work-plan/:id`,
    {
      schema: {
        tags,
        summary: "Replaces one of the caller's plans",
        ...signedIn,
        params: RowIdParamsSchema,
        body: WorkPlanInputSchema,
        response: { 200: WorkPlanSchema, ...errors(400, 401, 404) },
      },
      ...guarded,
    },
    async (request) => updateWorkPlan(deps, userOf(request).id, request.params.id, request.body),
  );

  app.delete(
    `${APP}/user-guide-operation-public/delete-user-guide-work-plan/:id`,
    {
      schema: {
        tags,
        summary: "Removes one of the caller's plans",
        ...signedIn,
        params: RowIdParamsSchema,
        response: { 200: SuccessSchema, ...errors(400, 401, 404) },
      },
      ...guarded,
    },
    async (request) => {
      await deleteWorkPlan(db, userOf(request).id, request.params.id);
      return { success: true as const };
    },
  );

  app.put(
    `${APP}/user-guide-operation-public/update-user-guide-work-schedule`,
    {
      schema: {
        tags,
        summary: "Replaces all of the caller's plans at once (week-view editor), optionally with a new time zone",
        ...signedIn,
        body: ReplaceWorkScheduleSchema,
        response: { 200: WorkScheduleSchema, ...errors(400, 401) },
      },
      ...guarded,
    },
    async (request) => replaceWorkSchedule(deps, userOf(request).id, request.body),
  );

  app.get(
    `${APP}/user-guide-operation-public/user-guide-available-hours/:id`,
    {
      schema: {
        tags,
        summary: `One-hour slots guide {id} is available in between from and to (instants, at most ${AVAILABILITY_MAX_DAYS} days)`,
        params: GuideIdParamsSchema,
        querystring: AvailableHoursQuerySchema,
        response: { 200: AvailableHoursSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      const guide = await getReadableGuide(db, request.user, request.params.id);
      const from = new Date(request.query.from);
      const to = new Date(request.query.to);
      if (!(to > from)) throw fieldError('VALIDATION_FAILED', 'querystring.to', '`to` must be after `from`');
      if (to.getTime() - from.getTime() > AVAILABILITY_MAX_DAYS * 86_400_000) {
        throw fieldError('VALIDATION_FAILED', 'querystring.to', `At most ${AVAILABILITY_MAX_DAYS} days at once`);
      }
      const slots = await getAvailableHours(db, guide.id, from, to);
      return {
        guideId: guide.id,
        timezone: guide.timezone,
        data: slots.map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() })),
      };
    },
  );

  // -- user-guide-pricing-public ------------------------------------------------------------------

  app.post(
    `${APP}/user-guide-pricing-public/create-update`,
    {
      schema: {
        tags,
        summary: "Sets the caller's hourly rate: integer minor units (> 0) and currency USD, TRY or EUR",
        ...signedIn,
        body: UpdateGuidePriceSchema,
        response: { 200: GuidePriceSchema, ...errors(400, 401) },
      },
      ...guarded,
    },
    async (request) => setGuidePrice(deps, userOf(request).id, request.body),
  );

  app.get(
    `${APP}/user-guide-pricing-public/get-all`,
    {
      schema: {
        tags,
        summary: "The caller's price list: the hourly rate, then each vehicle's additional hourly rate",
        ...signedIn,
        response: { 200: PriceListSchema, ...errors(401) },
      },
      ...guarded,
    },
    async (request) => ({ data: await listOwnPrices(db, userOf(request).id) }),
  );

  app.get(
    `${APP}/user-guide-pricing-public/get-price/:id`,
    {
      schema: {
        tags,
        summary: 'The hourly rate of guide {id} (guide id or user id)',
        params: GuideIdParamsSchema,
        response: { 200: GuidePriceSchema, ...errors(400, 404) },
      },
    },
    async (request) => toGuidePrice(await getReadableGuide(db, request.user, request.params.id)),
  );

  app.get(
    `${APP}/user-guide-pricing-public/get-bank-info`,
    {
      schema: {
        tags,
        summary: "The caller's bank information (null when none was given yet)",
        ...signedIn,
        response: { 200: BankInfoOrNullSchema, ...errors(401) },
      },
      ...guarded,
    },
    async (request) => getOwnBankInfo(db, userOf(request).id),
  );

  app.post(
    `${APP}/user-guide-pricing-public/create-update-bank-info`,
    {
      schema: {
        tags,
        summary: "Sets the caller's bank information; the IBAN's checksum and the SWIFT/BIC format are checked",
        ...signedIn,
        body: UpdateBankInfoSchema,
        response: { 200: BankInfoSchema, ...errors(400, 401) },
      },
      ...guarded,
    },
    async (request) => setBankInfo(deps, userOf(request).id, request.body),
  );

  // -- user-mr-language-public ----------------------------------------------------------------------

  app.get(
    `${APP}/user-mr-language-public/get-user-mr-languages`,
    {
      schema: {
        tags,
        summary: "The caller's languages with levels, primary first",
        ...signedIn,
        querystring: LocaleQuerySchema,
        response: { 200: GuideLanguageListSchema, ...errors(401) },
      },
      ...guarded,
    },
    async (request) => {
      const guide = await findGuideByUser(db, userOf(request).id);
      return { data: guide ? await listGuideLanguages(db, guide.id, apiLocale(request, request.query.locale)) : [] };
    },
  );

  app.get(
    `${APP}/user-mr-language-public/get-user-mr-languages-for-edit`,
    {
      schema: {
        tags,
        summary: "The caller's languages plus every language and level to choose from",
        ...signedIn,
        querystring: LocaleQuerySchema,
        response: { 200: GuideLanguagesForEditSchema, ...errors(401) },
      },
      ...guarded,
    },
    async (request) => {
      const locale = apiLocale(request, request.query.locale);
      const guide = await findGuideByUser(db, userOf(request).id);
      const [data, choices] = await Promise.all([
        guide ? listGuideLanguages(db, guide.id, locale) : [],
        listLanguageChoices(db, locale),
      ]);
      return { data, ...choices };
    },
  );

  app.put(
    `${APP}/user-mr-language-public/update-user-mr-languages`,
    {
      schema: {
        tags,
        summary:
          'Body { languages }: replaces the list (exactly one primary). Or query languageCode, levelKey, isPrimary: adds or changes one. ' +
          'Unknown language or level: 400',
        ...signedIn,
        querystring: UpdateGuideLanguagesQuerySchema,
        body: UpdateGuideLanguagesSchema.nullish(),
        response: { 200: GuideLanguageListSchema, ...errors(400, 401) },
      },
      ...guarded,
    },
    async (request) => {
      const userId = userOf(request).id;
      const { languageCode, levelKey, isPrimary, locale: queryLocale } = request.query;
      const locale = apiLocale(request, queryLocale);
      if (request.body) return { data: await replaceGuideLanguages(deps, userId, request.body.languages, locale) };
      if (!languageCode || !levelKey) {
        throw fieldError(
          'VALIDATION_FAILED',
          'body.languages',
          'Send { languages } or the query languageCode and levelKey',
        );
      }
      return {
        data: await upsertGuideLanguage(
          deps,
          userId,
          { languageCode, levelKey, isPrimary: isPrimary === 'true' },
          locale,
        ),
      };
    },
  );

  app.delete(
    `${APP}/user-mr-language-public/delete-user-mr-language/:id`,
    {
      schema: {
        tags,
        summary: "Removes one of the caller's languages (row id); the primary only when it is the last",
        ...signedIn,
        params: RowIdParamsSchema,
        querystring: LocaleQuerySchema,
        response: { 200: GuideLanguageListSchema, ...errors(400, 401, 404, 409) },
      },
      ...guarded,
    },
    async (request) => ({
      data: await deleteGuideLanguage(
        db,
        userOf(request).id,
        request.params.id,
        apiLocale(request, request.query.locale),
      ),
    }),
  );

  app.get(
    `${APP}/user-mr-language-public/get-mr-language-guides/:id`,
    {
      schema: {
        tags,
        summary: 'The languages of guide {id} (guide id or user id)',
        params: GuideIdParamsSchema,
        querystring: LocaleQuerySchema,
        response: { 200: GuideLanguageListSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      const guide = await getReadableGuide(db, request.user, request.params.id);
      return { data: await listGuideLanguages(db, guide.id, apiLocale(request, request.query.locale)) };
    },
  );

  // -- service-type-public ----------------------------------------------------------------------------

  app.post(
    `${APP}/service-type-public/create-update/:a/:b`,
    {
      schema: {
        tags,
        summary:
          "{a}: the caller's guide id or user id (others 403); {b}: service kind key (guidance | translation). " +
          'Body sets the service type keys offered under that kind; enabled: false removes the kind',
        ...signedIn,
        params: ServiceTypeParamsSchema,
        querystring: LocaleQuerySchema,
        body: UpdateGuideServiceTypesSchema,
        response: { 200: GuideServiceTypesSchema, ...errors(400, 401, 403) },
      },
      ...guarded,
    },
    async (request) =>
      setGuideServiceTypes(
        deps,
        userOf(request),
        request.params.a,
        request.params.b,
        request.body,
        apiLocale(request, request.query.locale),
      ),
  );

  app.get(
    `${APP}/service-type-public/get-guide-service-type/:id`,
    {
      schema: {
        tags,
        summary: 'Service kinds and types of guide {id} (guide id or user id)',
        params: GuideIdParamsSchema,
        querystring: LocaleQuerySchema,
        response: { 200: GuideServiceTypesSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      const guide = await getReadableGuide(db, request.user, request.params.id);
      return {
        guideId: guide.id,
        serviceKinds: await listGuideServiceKinds(db, guide.id, apiLocale(request, request.query.locale)),
      };
    },
  );

  // -- Vehicles ------------------------------------------------------------------------------------------

  app.get(
    `${APP}/user-guide-vehicle-public/get-user-vehicles`,
    {
      schema: {
        tags,
        summary: "The caller's vehicles with photos and (private) papers",
        ...signedIn,
        response: { 200: VehicleListSchema, ...errors(401) },
      },
      ...guarded,
    },
    async (request) => ({ data: await listOwnVehicles(db, userOf(request).id) }),
  );

  app.post(
    `${APP}/user-guide-vehicle-public/create-user-vehicle`,
    {
      schema: {
        tags,
        summary: 'Adds a vehicle; photos and papers are uploaded with file-management-public',
        ...signedIn,
        body: VehicleInputSchema,
        response: { 200: VehicleSchema, ...errors(400, 401, 409) },
      },
      ...guarded,
    },
    async (request) => createVehicle(deps, userOf(request).id, request.body),
  );

  app.put(
    `${APP}/user-guide-vehicle-public/update-user-vehicle/:id`,
    {
      schema: {
        tags,
        summary: "Replaces the fields of one of the caller's vehicles",
        ...signedIn,
        params: RowIdParamsSchema,
        body: VehicleInputSchema,
        response: { 200: VehicleSchema, ...errors(400, 401, 404) },
      },
      ...guarded,
    },
    async (request) => updateVehicle(deps, userOf(request).id, request.params.id, request.body),
  );

  app.delete(
    `${APP}/user-guide-vehicle-public/delete-user-vehicle/:id`,
    {
      schema: {
        tags,
        summary: "Deletes one of the caller's vehicles with its photos and papers",
        ...signedIn,
        params: RowIdParamsSchema,
        response: { 200: SuccessSchema, ...errors(400, 401, 404) },
      },
      ...guarded,
    },
    async (request) => {
      await deleteVehicle(deps, userOf(request).id, request.params.id);
      return { success: true as const };
    },
  );

  // -- Public guide profile --------------------------------------------------------------------------------

  app.get(
    `${APP}/user-detail-public/get-guide-user-detail-with-id/:id`,
    {
      schema: {
        tags,
        summary: 'The public profile of guide {id} (guide id or user id): approved and active guides only, else 404',
        params: GuideIdParamsSchema,
        querystring: GuideDetailQuerySchema,
        response: { 200: GuideDetailSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const locale = apiLocale(request, request.query.locale);
      let detail = await getPublicGuideDetail(deps.readDb, id, locale);
      // The replica may trail the primary: a guide looking at their own page sees what they
      // just saved, read back from the primary, and so does a signed-in caller the replica
      // answers "not found" (perhaps their own page, just made public).
      const caller = request.user;
      if (deps.readDb !== db && caller && (!detail || detail.userId === caller.id)) {
        detail = await getPublicGuideDetail(db, id, locale);
      }
      if (!detail) throw new AppError('GUIDE_NOT_FOUND', 'Guide not found');
      return detail;
    },
  );
};
