import fastifyFormbody from '@fastify/formbody';
import {
  ChangePasswordCodeSentSchema,
  ChangePasswordSchema,
  ChangePhoneNumberSchema,
  CodeSentSchema,
  ConfirmChangePasswordTokenSchema,
  ConfirmPasswordResetCodeSchema,
  ConfirmPhoneCodeSchema,
  ExternalLoginSchema,
  ForgotPasswordSchema,
  LoginSchema,
  OAuthErrorSchema,
  PasswordResetCodeConfirmedSchema,
  PasswordResetCodeSentSchema,
  PhoneCodeConfirmedSchema,
  RegisterWithPhoneSchema,
  ResetPasswordSchema,
  SESSION_COOKIE,
  SendNewPhoneCodeSchema,
  SessionSchema,
  SessionStateSchema,
  SetPasswordAfterRegistrationSchema,
  SignInResultSchema,
  SuccessSchema,
  TokenRequestSchema,
  TokenResponseSchema,
  UserIdParamsSchema,
} from '@marco/contract/auth';
import { ErrorBodySchema } from '@marco/contract/errors';
import { EXTERNAL_PROVIDERS_PATH, ExternalProviderListSchema } from '@marco/contract/social-sign-in';
import type { FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { clearSessionCookie, requireUser, revokeSession, signedInSecurity, userOf } from '../../platform/auth/index.js';
import { fieldError } from '../../platform/errors.js';
import { detectLocale } from '../../platform/locale.js';
import { sendEmailConfirmation } from '../accounts/email-confirmation.js';
import { changePassword, confirmChangePasswordToken, sendChangePasswordCode } from './change-password.js';
import { changePhoneNumber, sendNewPhoneNumberCode } from './change-phone.js';
import { getCurrentUser } from './current-user.js';
import { signInWithExternalProvider } from './external-login.js';
import { signInWithPassword } from './login.js';
import { confirmPasswordResetCode, resetPassword, sendPasswordResetCode } from './password-reset.js';
import { configuredProviders } from './providers.js';
import { confirmPhoneCode, registerWithPhone, setPasswordAfterRegistration } from './register.js';
import { startSession } from './sign-in.js';
import { issueToken } from './token-endpoint.js';

const tags = ['auth'];
const ACCOUNT = '/api/account/custom-user-account';
const PUBLIC = '/api/app/custom-user-account-public';

/** Error answers of the error model, by status. */
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
const codeErrors = errors(400, 404, 409, 429);
const signedIn = signedInSecurity;

/**
 * Sign-up, sign-in, sessions and credentials (issue 3 items 1–6, 10). Paths exactly as
 * spec §7; `/api/auth/login` and `/api/auth/session` are the web app's cookie sign-in.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const codeDeps = (request: { log: typeof app.log }) => ({ ...deps, log: request.log });

  // Work the caller must neither wait for nor be able to time: it starts once the answer is
  // sent (or the connection is gone), and closing the app waits for it.
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(running);
  });
  const afterResponse = (reply: FastifyReply, task: (() => Promise<void>) | null) => {
    if (!task) return;
    reply.raw.once('close', () => {
      const work = task().finally(() => running.delete(work));
      running.add(work);
    });
  };

  // -- Web sign-in and session -----------------------------------------------------------

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        summary: 'Web sign-in with phone and password: sets the marco_session cookie',
        body: LoginSchema,
        response: { 200: SessionSchema, ...errors(400, 401, 403, 423, 429) },
      },
      config: { setsSessionCookie: 'always' },
    },
    async (request, reply) => {
      const user = await signInWithPassword(deps, { ...request.body, ip: request.ip });
      const result = await startSession(deps, request, reply, user.id, {
        useCookie: true,
        rememberMe: request.body.rememberMe,
      });
      return { user: result.user };
    },
  );

  app.get(
    '/api/auth/session',
    {
      schema: {
        tags,
        summary:
          'The signed-in user (cookie or bearer token); `{ user: null }` without credentials, 401 when they no longer hold',
        ...signedIn,
        response: { 200: SessionStateSchema, ...errors(401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // Every page of a visitor asks: not being signed in is a state, not an error. A revoked or
      // expired session still answers 401, so a client knows its sign-in has ended.
      const hasCredentials = request.headers.authorization !== undefined || SESSION_COOKIE in request.cookies;
      if (!request.user && !hasCredentials) return { user: null };
      return { user: await getCurrentUser(deps.db, userOf(request).id) };
    },
  );

  app.delete(
    '/api/auth/session',
    {
      schema: {
        tags,
        summary: 'Signs out: revokes the session (cookie or bearer token) and clears the cookie',
        ...signedIn,
        response: { 200: SuccessSchema },
      },
    },
    async (request, reply) => {
      if (request.user) await revokeSession(deps, request.user.sessionId);
      clearSessionCookie(request, reply, deps.config);
      return { success: true as const };
    },
  );

  // -- OAuth2 token endpoint ---------------------------------------------------------------

  // OAuth2 token requests are form-encoded (RFC 6749 §4.3.2); nothing else here parses forms.
  await app.register(async (scope) => {
    await scope.register(fastifyFormbody);
    // A body no parser can read (empty or broken JSON) is a malformed token request: it
    // answers OAuth2's invalid_request, the shape this route's 400 declares, where the error
    // model would fail that schema and turn into a 500.
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.statusCode !== 400) throw error;
      return reply
        .status(400)
        .send({ error: 'invalid_request', error_description: 'The request body could not be read' });
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/connect/token',
      {
        schema: {
          tags,
          summary: 'OAuth2 password grant (form-encoded); client Mobile needs no secret',
          consumes: ['application/x-www-form-urlencoded'],
          body: TokenRequestSchema,
          response: { 200: TokenResponseSchema, 400: OAuthErrorSchema, 401: OAuthErrorSchema, 429: OAuthErrorSchema },
        },
      },
      async (request, reply) => {
        const outcome = await issueToken(deps, {
          form: request.body,
          authorization: request.headers.authorization,
          ip: request.ip,
        });
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        if (outcome.status === 401) reply.header('www-authenticate', 'Basic realm="marco"');
        if ('retryAfterSeconds' in outcome && outcome.retryAfterSeconds) {
          reply.header('retry-after', String(outcome.retryAfterSeconds));
        }
        return reply.status(outcome.status).send(outcome.body);
      },
    );
  });

  // -- Phone sign-up -----------------------------------------------------------------------

  for (const url of [`${PUBLIC}/register-with-phone`, `${ACCOUNT}/register-with-phone`]) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: 'Phone sign-up: records the consents and texts a 6-digit code',
          body: RegisterWithPhoneSchema,
          response: { 200: CodeSentSchema, ...codeErrors },
        },
      },
      async (request) =>
        registerWithPhone(codeDeps(request), {
          phoneNumber: request.body.phoneNumber,
          name: request.body.name,
          surname: request.body.surname,
          locale: detectLocale(request),
          ip: request.ip,
        }),
    );
  }

  for (const url of [`${ACCOUNT}/confirm-phone-code`, `${PUBLIC}/check-phone-code`]) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: 'Phone sign-up: checks the code; answers the registration token for the password step',
          body: ConfirmPhoneCodeSchema,
          response: { 200: PhoneCodeConfirmedSchema, ...codeErrors },
        },
      },
      async (request) => confirmPhoneCode(codeDeps(request), { ...request.body, ip: request.ip }),
    );
  }

  for (const url of [`${ACCOUNT}/set-password-after-registration`, `${PUBLIC}/set-password-for-phone`]) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: 'Phone sign-up: sets the password and signs in (cookie with useCookie, else a bearer token)',
          body: SetPasswordAfterRegistrationSchema,
          response: { 200: SignInResultSchema, ...errors(400, 403, 404, 409, 429) },
        },
        config: { setsSessionCookie: 'useCookie' },
      },
      async (request, reply) => {
        const { userId, registrationToken, password, useCookie, rememberMe } = request.body;
        await setPasswordAfterRegistration(codeDeps(request), { userId, registrationToken, password });
        return startSession(deps, request, reply, userId, { useCookie, rememberMe });
      },
    );
  }

  // -- Forgotten password ------------------------------------------------------------------

  app.post(
    `${ACCOUNT}/forgot-password`,
    {
      schema: {
        tags,
        summary: 'Forgotten password: texts a reset code if the number has an account; the same answer either way',
        body: ForgotPasswordSchema,
        response: { 200: PasswordResetCodeSentSchema, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const { answer, deliver } = await sendPasswordResetCode(codeDeps(request), {
        phoneNumber: request.body.phoneNumber,
        locale: detectLocale(request),
        ip: request.ip,
        field: 'body.phoneNumber',
      });
      afterResponse(reply, deliver);
      return answer;
    },
  );

  app.post(
    `${PUBLIC}/send-password-reset-code`,
    {
      schema: {
        tags,
        summary: 'Forgotten password: texts a reset code (phone number in the query); the same answer either way',
        querystring: ForgotPasswordSchema,
        response: { 200: PasswordResetCodeSentSchema, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const { answer, deliver } = await sendPasswordResetCode(codeDeps(request), {
        phoneNumber: request.query.phoneNumber,
        locale: detectLocale(request),
        ip: request.ip,
        field: 'querystring.phoneNumber',
      });
      afterResponse(reply, deliver);
      return answer;
    },
  );

  for (const url of [`${ACCOUNT}/confirm-password-reset-code`, `${PUBLIC}/confirm-password-reset-code`]) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: 'Forgotten password: checks the number and its code; answers the reset token',
          body: ConfirmPasswordResetCodeSchema,
          response: { 200: PasswordResetCodeConfirmedSchema, ...errors(400, 429) },
        },
      },
      async (request) => confirmPasswordResetCode(codeDeps(request), { ...request.body, ip: request.ip }),
    );
  }

  for (const url of [`${ACCOUNT}/reset-password`, `${PUBLIC}/reset-password`]) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary:
            'Forgotten password: sets the new password (the reset token names the account); signs out every session',
          body: ResetPasswordSchema,
          response: { 200: SuccessSchema, ...errors(400, 429) },
        },
      },
      async (request) => {
        const { resetToken, newPassword } = request.body;
        await resetPassword(codeDeps(request), { resetToken, newPassword });
        return { success: true as const };
      },
    );
  }

  // -- Password change (signed in) -----------------------------------------------------------

  app.post(
    '/api/account/change-password',
    {
      schema: {
        tags,
        summary: 'Changes the password; other sessions are signed out',
        ...signedIn,
        body: ChangePasswordSchema,
        response: { 200: SuccessSchema, ...errors(400, 401, 429) },
      },
      onRequest: requireUser,
    },
    async (request) => {
      await changePassword(deps, { user: userOf(request), ...request.body });
      return { success: true as const };
    },
  );

  app.post(
    `${PUBLIC}/send-change-password-confirmation-phone-token`,
    {
      schema: {
        tags,
        summary: "Texts a code to the user's phone to confirm a new password",
        ...signedIn,
        response: { 200: ChangePasswordCodeSentSchema, ...errors(400, 401, 429) },
      },
      onRequest: requireUser,
    },
    async (request) =>
      sendChangePasswordCode(codeDeps(request), {
        user: userOf(request),
        locale: detectLocale(request),
        ip: request.ip,
      }),
  );

  app.post(
    `${PUBLIC}/confirm-change-password-token`,
    {
      schema: {
        tags,
        summary: 'Sets a new password with the texted code (token); query as spec §7, or a JSON body',
        ...signedIn,
        querystring: ConfirmChangePasswordTokenSchema,
        body: ConfirmChangePasswordTokenSchema.nullish(),
        response: { 200: SuccessSchema, ...errors(400, 401, 429) },
      },
      onRequest: requireUser,
    },
    async (request) => {
      const body = request.body ?? {};
      const fromBody = body.token !== undefined || body.newPassword !== undefined;
      const source = fromBody ? 'body' : 'querystring';
      const { token, newPassword } = fromBody ? body : request.query;
      if (!token) throw fieldError('VALIDATION_FAILED', `${source}.token`, 'Invalid verification code');
      if (!newPassword) throw fieldError('VALIDATION_FAILED', `${source}.newPassword`, 'Password is required');
      await confirmChangePasswordToken(codeDeps(request), {
        user: userOf(request),
        token,
        newPassword,
        ip: request.ip,
        newPasswordField: `${source}.newPassword`,
      });
      return { success: true as const };
    },
  );

  // -- Phone change (signed in) --------------------------------------------------------------

  app.post(
    `${PUBLIC}/send-new-phone-number-verification-code/:id`,
    {
      schema: {
        tags,
        summary: 'Texts a code to a new phone number; {id} is the caller’s own user id',
        ...signedIn,
        params: UserIdParamsSchema,
        body: SendNewPhoneCodeSchema,
        response: { 200: CodeSentSchema, ...errors(400, 401, 403, 409, 429) },
      },
      onRequest: requireUser,
    },
    async (request) =>
      sendNewPhoneNumberCode(codeDeps(request), {
        user: userOf(request),
        targetUserId: request.params.id,
        phoneNumber: request.body.phoneNumber,
        locale: detectLocale(request),
        ip: request.ip,
      }),
  );

  app.post(
    `${PUBLIC}/change-phone-number-with-verification-code`,
    {
      schema: {
        tags,
        summary: 'Makes the new phone number the account’s, with the code texted to it',
        ...signedIn,
        body: ChangePhoneNumberSchema,
        response: { 200: SessionSchema, ...errors(400, 401, 409, 429) },
      },
      onRequest: requireUser,
    },
    async (request) => ({
      user: await changePhoneNumber(codeDeps(request), { user: userOf(request), ...request.body, ip: request.ip }),
    }),
  );

  // -- Social sign-in -----------------------------------------------------------------------

  app.get(
    EXTERNAL_PROVIDERS_PATH,
    {
      schema: {
        tags,
        summary: 'The configured social sign-in providers and the public client ids their web SDKs need',
        response: { 200: ExternalProviderListSchema },
      },
    },
    async (_request, reply) => {
      // Configuration changes only with a restart; a short cache spares a call per login page.
      reply.header('cache-control', 'public, max-age=300');
      return configuredProviders(deps.config);
    },
  );

  app.post(
    '/api/app/custom-external-login-public/external-login-provider',
    {
      schema: {
        tags,
        summary: 'Google, Facebook or Apple sign-in: verifies the provider token, signs in or creates the account',
        body: ExternalLoginSchema,
        response: { 200: SignInResultSchema, ...errors(400, 401, 403, 429, 501) },
      },
      config: { setsSessionCookie: 'useCookie' },
    },
    async (request, reply) => {
      await deps.rateLimiter.consume(`external-login:ip:${request.ip}`, { limit: 30, windowSeconds: 900 });
      const { provider, token, userData, extraProperties, useCookie, rememberMe } = request.body;
      const { userId, isNewUser } = await signInWithExternalProvider(deps, {
        provider,
        token,
        userData,
        extraProperties,
      });
      const result = await startSession(deps, request, reply, userId, { useCookie, rememberMe });
      // An address the provider did not vouch for (e.g. typed in for Facebook) still needs confirming.
      if (isNewUser && result.user.email && !result.user.emailConfirmed) {
        await sendEmailConfirmation(deps, { userId, locale: detectLocale(request) }).catch((error: unknown) =>
          request.log.error({ err: error }, 'e-mail confirmation could not be sent'),
        );
      }
      return { ...result, isNewUser };
    },
  );
};
