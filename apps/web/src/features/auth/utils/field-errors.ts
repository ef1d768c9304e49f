import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api-client';

/**
 * The contract's and the server's validation texts (spec §5), keyed to their translations
 * in `auth:validation`. A text missing here shows the generic 'check this field'.
 */
const MESSAGE_KEYS = {
  'Phone number is required': 'phoneRequired',
  'Valid phone number required': 'phoneInvalid',
  'Password is required': 'passwordRequired',
  'Password must be at least 8 characters': 'passwordTooShort',
  'Password is too long': 'passwordTooLong',
  'Password cannot be only spaces': 'passwordOnlySpaces',
  'This password is too common; choose another one': 'passwordTooCommon',
  'Passwords do not match': 'passwordsDoNotMatch',
  'Current password is incorrect': 'currentPasswordIncorrect',
  'First name is required': 'firstNameRequired',
  'Last name is required': 'lastNameRequired',
  'Name is too long': 'nameTooLong',
  'Valid name required': 'firstNameInvalid',
  'Invalid verification code': 'codeInvalid',
  'Terms of Use must be accepted': 'termsRequired',
  'Privacy Policy must be accepted': 'privacyRequired',
  'Valid e-mail address required': 'emailInvalid',
  'This e-mail address is already in use': 'emailTaken',
  'Valid birth date required (YYYY-MM-DD)': 'birthDateInvalid',
  'Birth date cannot be in the future': 'birthDateFuture',
  'About is too long': 'aboutTooLong',
  'Valid time zone required': 'timezoneInvalid',
  'Description is required': 'descriptionRequired',
  'This is already your phone number': 'phoneUnchanged',
  'Image too large (maximum 5MB)': 'imageTooLarge',
  'Invalid image format': 'imageInvalid',
} as const;

export type ValidationKey = (typeof MESSAGE_KEYS)[keyof typeof MESSAGE_KEYS] | 'lastNameInvalid' | 'invalid';

/** The translation key of a validation text; `field` tells first and last names apart. */
export function validationKeyOf(message: string | undefined, field?: string): ValidationKey {
  const key: ValidationKey = (message && MESSAGE_KEYS[message as keyof typeof MESSAGE_KEYS]) || 'invalid';
  if (key === 'firstNameInvalid' && (field === 'surname' || field === 'lastName')) return 'lastNameInvalid';
  return key;
}

/** A validation text in the user's language (`t` of the `auth` namespace). */
export function translateValidation(t: TFunction<'auth'>, message: string | undefined, field?: string): string {
  return t(`validation.${validationKeyOf(message, field)}`);
}

type Issue = { path?: unknown; message?: unknown };

/** The field issues of a VALIDATION_FAILED (or other field) error: `body.phoneNumber` → `phoneNumber`. */
export function serverFieldIssues(error: unknown): Array<{ field: string; message: string }> {
  if (!isApiError(error)) return [];
  const issues = (error.details as { issues?: Issue[] } | undefined)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.map((issue) => ({
    field: String(issue.path ?? '')
      .split('.')
      .at(-1) as string,
    message: String(issue.message ?? ''),
  }));
}

/**
 * Puts the server's field errors on the form's fields (`fields` maps a server field name
 * to the form's, when they differ). Answers true when at least one landed on a field.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: Partial<Record<string, Path<T>>>,
): boolean {
  let applied = false;
  for (const { field, message } of serverFieldIssues(error)) {
    const target = fields[field];
    if (!target) continue;
    setError(target, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
