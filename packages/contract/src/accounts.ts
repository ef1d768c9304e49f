import { z } from 'zod';
import { CurrentPasswordSchema, CurrentUserSchema, EmailSchema, FirstNameSchema, LastNameSchema } from './auth.js';
import { IdSchema, LocaleQuerySchema, LocaleSchema, listOf } from './common.js';
import { keyField, nameField, textField } from './text.js';

// spec §5, §9: profile pictures are at most 5MB, JPEG, PNG, GIF or WebP.
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** Stored avatars are re-encoded to WebP within this square. */
export const PROFILE_PICTURE_MAX_SIDE = 512;

/**
 * spec §5: a birth date in YYYY-MM-DD means midnight UTC; other date strings are parsed;
 * unparseable gives null. Answers the calendar date (YYYY-MM-DD, in UTC) or null.
 */
export function parseBirthDate(text: string): string | null {
  const value = text.trim();
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = plain ? new Date(`${value}T00:00:00.000Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const iso = date.toISOString().slice(0, 10);
  // Reject rolled-over dates such as 2001-02-30.
  if (plain && iso !== value) return null;
  return iso;
}

/** A birth date as YYYY-MM-DD or an ISO date-time; answers YYYY-MM-DD. Not in the future (checked by the server). */
export const BirthDateSchema = nameField()
  .max(40)
  .transform((value, context) => {
    const date = parseBirthDate(value);
    if (!date || date < '1900-01-01') {
      context.addIssue({ code: 'custom', message: 'Valid birth date required (YYYY-MM-DD)' });
      return z.NEVER;
    }
    return date;
  });

/** The canonical spelling of an IANA time zone ('europe/istanbul' → 'Europe/Istanbul'), or null when unknown. */
export function canonicalTimezone(value: string): string | null {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** An IANA time zone name such as 'Europe/Istanbul' or 'UTC'; answers its canonical spelling. */
export const TimezoneSchema = keyField()
  .min(1)
  .max(64)
  .transform((value, context) => {
    const zone = canonicalTimezone(value);
    if (!zone) {
      context.addIssue({ code: 'custom', message: 'Valid time zone required' });
      return z.NEVER;
    }
    return zone;
  });

export const UserNameSchema = nameField()
  .min(3, 'User name is too short')
  .max(32, 'User name is too long')
  .regex(/^[A-Za-z0-9_.-]+$/, 'User name may contain letters, digits, _ . and -');

export const AboutSchema = textField({ multiline: true }).max(2000, 'About is too long');

// ---------------------------------------------------------------------------------------
// Profile (spec §3 "user profile")
// ---------------------------------------------------------------------------------------

export const NotificationPreferencesSchema = z.object({
  ads: z.boolean(),
  messages: z.boolean(),
  appUpdates: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** `GET /api/account/my-profile`: the current user plus the profile fields. */
export const MyProfileSchema = CurrentUserSchema.extend({
  /** YYYY-MM-DD (midnight UTC) or null. */
  birthDate: z.string().nullable(),
  about: z.string().nullable(),
  genderId: IdSchema.nullable(),
  currencyId: IdSchema.nullable(),
  notificationPreferences: NotificationPreferencesSchema,
  /**
   * The language of the user's e-mails, SMS and push, chosen in settings; null: the one they
   * last used the app in.
   */
  locale: LocaleSchema.nullable(),
  createdAt: z.iso.datetime(),
});
export type MyProfile = z.infer<typeof MyProfileSchema>;

/**
 * `PUT /api/account/my-profile`: only the fields present change. `concurrencyStamp` must be
 * the one last read: a stale one answers 409 STALE_UPDATE. The phone number is not editable
 * here (change-phone flow).
 */
export const UpdateMyProfileSchema = z.object({
  concurrencyStamp: z.uuid(),
  userName: UserNameSchema.optional(),
  name: FirstNameSchema.optional(),
  surname: LastNameSchema.optional(),
  email: EmailSchema.nullable().optional(),
  timezone: TimezoneSchema.optional(),
  birthDate: BirthDateSchema.nullable().optional(),
  about: AboutSchema.nullable().optional(),
  genderId: IdSchema.nullable().optional(),
  currencyId: IdSchema.nullable().optional(),
  notificationPreferences: NotificationPreferencesSchema.partial().optional(),
  locale: LocaleSchema.nullable().optional(),
});
export type UpdateMyProfile = z.input<typeof UpdateMyProfileSchema>;

/** `DELETE /api/account/my-profile`: deletes the account; the password is required when the user has one. */
export const DeleteAccountSchema = z.object({ password: CurrentPasswordSchema.optional() });
export type DeleteAccount = z.input<typeof DeleteAccountSchema>;

// ---------------------------------------------------------------------------------------
// user-detail-public (the caller's own details)
// ---------------------------------------------------------------------------------------

export const UserInfoSchema = z.object({
  id: IdSchema,
  userName: z.string(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  timezone: z.string(),
  profilePictureUrl: z.string().nullable(),
  concurrencyStamp: z.uuid(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const UserAboutSchema = z.object({ about: z.string().nullable() });

/** `get-user-birthdate` answers text/plain: ISO midnight UTC (1990-05-01T00:00:00.000Z), or empty when unset. */
export const UserBirthDateTextSchema = z.string();
export type UserAbout = z.infer<typeof UserAboutSchema>;

/** `update-user-detail` (onboarding 'What should we call you?'). */
export const UpdateUserDetailSchema = z.object({
  name: FirstNameSchema,
  surname: LastNameSchema,
  concurrencyStamp: z.uuid().optional(),
});
export type UpdateUserDetail = z.input<typeof UpdateUserDetailSchema>;

/** `update-user-profile-detail`: only the fields present change; null clears one. */
export const UpdateUserProfileDetailSchema = z.object({
  birthDate: BirthDateSchema.nullable().optional(),
  about: AboutSchema.nullable().optional(),
  currencyId: IdSchema.nullable().optional(),
  genderId: IdSchema.nullable().optional(),
  concurrencyStamp: z.uuid().optional(),
});
export type UpdateUserProfileDetail = z.input<typeof UpdateUserProfileDetailSchema>;

// ---------------------------------------------------------------------------------------
// Profile picture
// ---------------------------------------------------------------------------------------

/** `set-profile-picture`: multipart with the file in `ImageContent` and a text field `type`; query `Type`. */
export const SetProfilePictureQuerySchema = z.object({ Type: keyField().max(64).optional() });
/** `get-profile-picture/{id}` answers the image bytes (image/webp), not JSON. */
export const ProfilePictureBytesSchema = z.any().describe('image/webp bytes');
export const ProfilePictureResultSchema = z.object({ profilePictureUrl: z.string() });
export type ProfilePictureResult = z.infer<typeof ProfilePictureResultSchema>;

// ---------------------------------------------------------------------------------------
// Addresses (address-public; each user sees and changes only their own)
// ---------------------------------------------------------------------------------------

export const AddressSchema = z.object({
  id: IdSchema,
  countryId: IdSchema,
  countryName: z.string(),
  stateId: IdSchema.nullable(),
  stateName: z.string().nullable(),
  cityId: IdSchema.nullable(),
  cityName: z.string().nullable(),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  /** A user with addresses has exactly one default. */
  isDefault: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Address = z.infer<typeof AddressSchema>;
export const AddressListSchema = listOf(AddressSchema);

const addressFields = {
  countryId: IdSchema,
  stateId: IdSchema.nullable().optional(),
  cityId: IdSchema.nullable().optional(),
  street: textField().max(200).nullable().optional(),
  postalCode: nameField().max(20).nullable().optional(),
  /** True makes this the default (the previous one stops being it); false or absent changes nothing, as the first address is always the default. */
  isDefault: z.boolean().optional(),
};
export const CreateAddressSchema = z.object(addressFields);
export type CreateAddress = z.input<typeof CreateAddressSchema>;
/** `update-user-address`: the whole address, with its id. */
export const UpdateAddressSchema = z.object({ id: IdSchema, ...addressFields });
export type UpdateAddress = z.input<typeof UpdateAddressSchema>;
export const AddressParamsSchema = z.object({ id: IdSchema });
export const AddressQuerySchema = LocaleQuerySchema;

// ---------------------------------------------------------------------------------------
// Feedback (report-client-bug-public/create)
// ---------------------------------------------------------------------------------------

export const CreateBugReportSchema = z.object({
  description: textField({ multiline: true }).min(1, 'Description is required').max(4000),
  page: nameField().max(2048).optional(),
  appVersion: nameField().max(64).optional(),
  /** Browser or device description; the User-Agent header is stored when it is absent. */
  browser: nameField().max(512).optional(),
});
export type CreateBugReport = z.input<typeof CreateBugReportSchema>;
export const BugReportCreatedSchema = z.object({ id: IdSchema });
