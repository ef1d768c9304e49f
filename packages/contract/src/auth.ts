import { z } from 'zod';
import { IdSchema } from './common.js';
import { LEGAL_VERSIONS } from './legal.js';
import { keyField, nameField } from './text.js';

// ---------------------------------------------------------------------------------------
// Constants (spec §4, §9 and issue 3)
// ---------------------------------------------------------------------------------------

/** Web session cookie: HttpOnly, SameSite=Strict, Secure outside plain-http localhost. */
export const SESSION_COOKIE = 'marco_session';
/** spec §9: the remember-me cookie lasts 2592000 s (30 days). */
export const REMEMBER_ME_MAX_AGE_S = 2_592_000;
/** spec §5, §9: passwords have at least 8 characters. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_S = 600;
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
export const VERIFICATION_CODE_RESEND_COOLDOWN_S = 60;
/** How long a registration or reset token (handed out for a confirmed code) stays usable. */
export const VERIFICATION_GRANT_TTL_S = 1800;
/** 5 failed logins within 15 minutes lock the account for 15 minutes. */
export const LOGIN_LOCKOUT = { maxFailures: 5, windowSeconds: 900, lockSeconds: 900 } as const;
/** spec §9: the login client id; a public client, so it has no secret. */
export const LOGIN_CLIENT_ID = 'Mobile';
export const PRODUCT_SCOPE = 'marco';
/** spec §9: scopes openid, profile, roles, email, phone, address plus the product's own scope. */
export const TOKEN_SCOPES = ['openid', 'profile', 'roles', 'email', 'phone', 'address', PRODUCT_SCOPE] as const;
/** Versions of the Terms of Use and Privacy Policy a sign-up consents to; recorded with the time. */
export const TERMS_VERSION = LEGAL_VERSIONS.terms;
export const PRIVACY_VERSION = LEGAL_VERSIONS.privacy;

export const EXTERNAL_PROVIDERS = ['google', 'facebook', 'apple'] as const;
export type ExternalProvider = (typeof EXTERNAL_PROVIDERS)[number];

// ---------------------------------------------------------------------------------------
// Reusable fields (server and web forms)
// ---------------------------------------------------------------------------------------

/** spec §5: whitespace is removed before sending. */
export const removeWhitespace = (value: string) => value.replace(/\s+/g, '');

/**
 * A phone number in international form (leading +); whitespace is removed. The server
 * further checks it is a valid number and stores it in E.164.
 */
export const PhoneSchema = z
  .string({ error: 'Phone number is required' })
  .transform(removeWhitespace)
  .pipe(
    z
      .string()
      .min(1, 'Phone number is required')
      .regex(/^\+[1-9][0-9().-]{5,22}$/, 'Valid phone number required'),
  );

/**
 * The form a password is checked, hashed and compared in (NIST SP 800-63B §5.1.1.2): NFKC, so
 * the same password typed on another keyboard or system still counts and matches.
 */
export const normalizePassword = (password: string) => password.normalize('NFKC');

export const PASSWORD_WEAKNESS_MESSAGES = {
  tooShort: 'Password must be at least 8 characters',
  onlySpaces: 'Password cannot be only spaces',
  tooLong: 'Password is too long',
} as const;
export type PasswordWeakness = keyof typeof PASSWORD_WEAKNESS_MESSAGES;

/**
 * NIST SP 800-63B: at least 8 characters (code points) after normalisation, not only
 * whitespace, and no composition rules. "e\u0301" typed four times is 8 code points but 4
 * characters (é) once normalised, so it is too short. The server also refuses common
 * passwords (its list is too large for the web bundle).
 */
export function passwordWeakness(password: string): PasswordWeakness | null {
  if (password.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  const normalized = normalizePassword(password);
  if ([...normalized].length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (/^[\s\p{Cf}]*$/u.test(normalized)) return 'onlySpaces';
  return null;
}

/** A new password; a weak one is a schema issue carrying PASSWORD_TOO_WEAK, which the server answers as such. */
export const PasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH, PASSWORD_WEAKNESS_MESSAGES.tooLong)
  .superRefine((password, context) => {
    const weakness = passwordWeakness(password);
    if (weakness && weakness !== 'tooLong') {
      context.addIssue({
        code: 'custom',
        message: PASSWORD_WEAKNESS_MESSAGES[weakness],
        params: { code: 'PASSWORD_TOO_WEAK' },
      });
    }
  });

/** A password typed to sign in or to confirm an action: any non-empty text. */
export const CurrentPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH, 'Password is too long');

export const VerificationCodeSchema = z
  .string({ error: 'Invalid verification code' })
  .transform(removeWhitespace)
  .pipe(z.string().regex(/^\d{6}$/, 'Invalid verification code'));

const personName = (required: string) =>
  nameField({ error: required })
    .min(1, required)
    .max(64, 'Name is too long')
    .regex(/^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u, 'Valid name required');
export const FirstNameSchema = personName('First name is required');
export const LastNameSchema = personName('Last name is required');

export const EmailSchema = z.string().trim().max(254).pipe(z.email('Valid e-mail address required'));

// ---------------------------------------------------------------------------------------
// The signed-in user (spec §3 "current user")
// ---------------------------------------------------------------------------------------

export const CurrentUserSchema = z.object({
  id: IdSchema,
  userName: z.string(),
  email: z.string().nullable(),
  emailConfirmed: z.boolean(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  phoneNumberConfirmed: z.boolean(),
  isExternal: z.boolean(),
  hasPassword: z.boolean(),
  supportsMultipleTimezone: z.boolean(),
  /** IANA time zone, default 'UTC'. */
  timezone: z.string(),
  /** Changes on every profile update; send it back with an update to avoid overwriting. */
  concurrencyStamp: z.uuid(),
  roles: z.array(z.string()),
  /** Path of the public avatar, or null. */
  profilePictureUrl: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** The answer of `POST /api/auth/login` and of a signed-in `GET /api/auth/session`. */
export const SessionSchema = z.object({ user: CurrentUserSchema });
export type Session = z.infer<typeof SessionSchema>;
/** `GET /api/auth/session`: `user` is null for a visitor (no cookie, no bearer token). */
export const SessionStateSchema = z.object({ user: CurrentUserSchema.nullable() });
export type SessionState = z.infer<typeof SessionStateSchema>;

export const SuccessSchema = z.object({ success: z.literal(true) });
export type Success = z.infer<typeof SuccessSchema>;

/**
 * How the sign-up and social sign-in calls that end signed in hand over the session:
 * `useCookie: true` (the web app) sets the `marco_session` cookie and answers no token;
 * otherwise (mobile clients) the answer carries a bearer token.
 */
const SessionDeliverySchema = z.object({
  useCookie: z.boolean().default(false),
  /** With `useCookie`: a 30-day cookie instead of a browser-session cookie. */
  rememberMe: z.boolean().default(false),
});

export const SignInResultSchema = z.object({
  user: CurrentUserSchema,
  /** Present unless the session went into the cookie. */
  accessToken: z.string().optional(),
  tokenType: z.literal('Bearer').optional(),
  expiresIn: z.number().int().optional(),
  /** External sign-in only: true when this call created the account (show onboarding). */
  isNewUser: z.boolean().optional(),
});
export type SignInResult = z.infer<typeof SignInResultSchema>;

// ---------------------------------------------------------------------------------------
// Web sign-in and session
// ---------------------------------------------------------------------------------------

/** `POST /api/auth/login`: sets the session cookie and answers `{ user }`. */
export const LoginSchema = z.object({
  phoneNumber: PhoneSchema,
  password: CurrentPasswordSchema,
  rememberMe: z.boolean().default(false),
});
export type Login = z.input<typeof LoginSchema>;

// ---------------------------------------------------------------------------------------
// Phone sign-up
// ---------------------------------------------------------------------------------------

export const ConsentSchema = z.object({
  termsConsent: z.literal(true, 'Terms of Use must be accepted'),
  privacyConsent: z.literal(true, 'Privacy Policy must be accepted'),
});

/** `register-with-phone`: creates the account (or resumes an unfinished sign-up) and texts a code. */
export const RegisterWithPhoneSchema = z.object({
  phoneNumber: PhoneSchema,
  name: FirstNameSchema.optional(),
  surname: LastNameSchema.optional(),
  extraProperties: ConsentSchema,
});
export type RegisterWithPhone = z.input<typeof RegisterWithPhoneSchema>;

/** The answer of every call that texts a code; the code screens build their countdown from it. */
export const CodeSentSchema = z.object({
  userId: IdSchema,
  codeExpiresAt: z.iso.datetime(),
  resendAvailableAt: z.iso.datetime(),
  /** True while SMS go to the dev outbox: the UI links to /api/dev/outbox. */
  devOutbox: z.boolean(),
});
export type CodeSent = z.infer<typeof CodeSentSchema>;

/** `confirm-phone-code` and `check-phone-code`. */
export const ConfirmPhoneCodeSchema = z.object({ userId: IdSchema, code: VerificationCodeSchema });
export type ConfirmPhoneCode = z.input<typeof ConfirmPhoneCodeSchema>;

/** Proof of the confirmed code; the password step needs it (single use, 30 minutes). */
export const PhoneCodeConfirmedSchema = z.object({
  userId: IdSchema,
  registrationToken: z.string(),
  registrationTokenExpiresAt: z.iso.datetime(),
});
export type PhoneCodeConfirmed = z.infer<typeof PhoneCodeConfirmedSchema>;

/** `set-password-after-registration` and `set-password-for-phone`: ends signed in. */
export const SetPasswordAfterRegistrationSchema = SessionDeliverySchema.extend({
  userId: IdSchema,
  registrationToken: keyField().min(1).max(200),
  password: PasswordSchema,
});
export type SetPasswordAfterRegistration = z.input<typeof SetPasswordAfterRegistrationSchema>;

// ---------------------------------------------------------------------------------------
// Forgotten password
// ---------------------------------------------------------------------------------------

// The reset flow names no account (issue 15): its answers are the same whether a number has
// one or not, so they cannot be used to find out who uses Marco.

/** `forgot-password` (body) and `send-password-reset-code` (query): texts a reset code if the number has an account. */
export const ForgotPasswordSchema = z.object({ phoneNumber: PhoneSchema });
export type ForgotPassword = z.input<typeof ForgotPasswordSchema>;

/** The answer of the reset-code calls: the same for every valid number, so it carries no user id. */
export const PasswordResetCodeSentSchema = CodeSentSchema.omit({ userId: true });
export type PasswordResetCodeSent = z.infer<typeof PasswordResetCodeSentSchema>;

/** `confirm-password-reset-code`: the number the code was texted to, and the code. */
export const ConfirmPasswordResetCodeSchema = z.object({ phoneNumber: PhoneSchema, code: VerificationCodeSchema });
export type ConfirmPasswordResetCode = z.input<typeof ConfirmPasswordResetCodeSchema>;

export const PasswordResetCodeConfirmedSchema = z.object({
  resetToken: z.string(),
  resetTokenExpiresAt: z.iso.datetime(),
});
export type PasswordResetCodeConfirmed = z.infer<typeof PasswordResetCodeConfirmedSchema>;

/** `reset-password`: sets the new password and signs the user out everywhere; the token names the account. */
export const ResetPasswordSchema = z.object({
  /** Ignored: spec §7 clients still send it; the reset token alone says whose password it is. */
  userId: IdSchema.optional(),
  resetToken: keyField().min(1).max(200),
  newPassword: PasswordSchema,
});
export type ResetPassword = z.input<typeof ResetPasswordSchema>;

// ---------------------------------------------------------------------------------------
// Password and phone change (signed in)
// ---------------------------------------------------------------------------------------

/** `POST /api/account/change-password`: other sessions are signed out. */
export const ChangePasswordSchema = z.object({
  currentPassword: CurrentPasswordSchema,
  newPassword: PasswordSchema,
});
export type ChangePassword = z.input<typeof ChangePasswordSchema>;

/** `send-change-password-confirmation-phone-token`: texts a code to the user's own phone. */
export const ChangePasswordCodeSentSchema = CodeSentSchema;

/**
 * `confirm-change-password-token`: spec §7 puts `newPassword` and `token` (the texted code)
 * in the query; the same fields are accepted in a JSON body, which keeps them out of logs.
 */
export const ConfirmChangePasswordTokenSchema = z.object({
  token: VerificationCodeSchema.optional(),
  newPassword: PasswordSchema.optional(),
});
export type ConfirmChangePasswordToken = z.input<typeof ConfirmChangePasswordTokenSchema>;

/** `send-new-phone-number-verification-code/{id}`: `{id}` is the caller's user id. */
export const SendNewPhoneCodeSchema = z.object({ phoneNumber: PhoneSchema });
export type SendNewPhoneCode = z.input<typeof SendNewPhoneCodeSchema>;
export const UserIdParamsSchema = z.object({ id: IdSchema });

/** `change-phone-number-with-verification-code`: the code texted to the new number. */
export const ChangePhoneNumberSchema = z.object({ phoneNumber: PhoneSchema, code: VerificationCodeSchema });
export type ChangePhoneNumber = z.input<typeof ChangePhoneNumberSchema>;

// ---------------------------------------------------------------------------------------
// Social sign-in
// ---------------------------------------------------------------------------------------

export const ExternalProviderSchema = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.enum(EXTERNAL_PROVIDERS));

/**
 * `external-login-provider`: `token` is the provider's ID token (Google, Apple) or access
 * token (Facebook). A new account needs the consents in `extraProperties`.
 */
export const ExternalLoginSchema = SessionDeliverySchema.extend({
  provider: ExternalProviderSchema,
  token: keyField().min(1).max(8192),
  userData: z
    .object({
      name: FirstNameSchema.optional(),
      surname: LastNameSchema.optional(),
      email: EmailSchema.optional(),
    })
    .optional(),
  extraProperties: z
    .object({ termsConsent: z.boolean().optional(), privacyConsent: z.boolean().optional() })
    .optional(),
});
export type ExternalLogin = z.input<typeof ExternalLoginSchema>;

// ---------------------------------------------------------------------------------------
// Token endpoint (OAuth2 password grant, form-encoded)
// ---------------------------------------------------------------------------------------

/**
 * A form field of the token endpoint: one that is not usable text (a control character, a
 * repeated field) counts as missing, so the endpoint answers its OAuth2 error for it.
 */
const tokenField = () => keyField().optional().catch(undefined);

/**
 * Fields are checked by the endpoint itself, which answers OAuth2 errors rather than the
 * error model: a missing or malformed form is read as an empty one.
 */
export const TokenRequestSchema = z
  .object({
    grant_type: tokenField(),
    client_id: tokenField(),
    client_secret: tokenField(),
    scope: tokenField(),
    username: tokenField(),
    password: z.string().optional().catch(undefined),
  })
  .catch({});
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const OAUTH_ERRORS = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unsupported_grant_type',
  'invalid_scope',
] as const;

/** OAuth2 error; `error_code` is the catalogue code that tells failed, locked and too-many-attempts apart. */
export const OAuthErrorSchema = z.object({
  error: z.enum(OAUTH_ERRORS),
  error_description: z.string(),
  error_code: z.string().optional(),
  locked_until: z.iso.datetime().optional(),
  retry_after_seconds: z.number().int().optional(),
});
export type OAuthError = z.infer<typeof OAuthErrorSchema>;
