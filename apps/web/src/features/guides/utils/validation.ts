import type { TFunction } from 'i18next';

/** The contract's validation texts, keyed to their translations in `guides:validation`. */
const CONTRACT_MESSAGES = {
  'End hour must be after start hour': 'endAfterStart',
  'A weekly plan needs at least one weekday': 'weekdaysRequired',
  'A monthly plan needs its day of the month': 'dayOfMonthRequired',
  'A special plan needs its date': 'dateRequired',
  'The end date must not be before the start date': 'endsOnBeforeStartsOn',
  'Valid IBAN required (country length and checksum)': 'ibanInvalid',
  'Valid SWIFT/BIC required (8 or 11 characters)': 'swiftInvalid',
  'Bank name is required': 'bankNameRequired',
  'First name is required': 'firstNameRequired',
  'Last name is required': 'lastNameRequired',
  'Exactly one primary language': 'onePrimary',
} as const;

/** Messages the web's own form schemas use: already keys of `guides:validation`. */
export const VALIDATION_KEYS = [
  'required',
  'invalid',
  'endAfterStart',
  'weekdaysRequired',
  'dayOfMonthRequired',
  'dateRequired',
  'endsOnBeforeStartsOn',
  'ibanInvalid',
  'swiftInvalid',
  'bankNameRequired',
  'firstNameRequired',
  'lastNameRequired',
  'onePrimary',
  'rateInvalid',
  'countryRequired',
  'cityRequired',
  'serviceKindRequired',
  'languageRequired',
  'languageDuplicate',
  'levelRequired',
  'methodRequired',
  'issueDateRequired',
  'issueDateFuture',
  'expiryBeforeIssue',
  'tooLong',
  'seatCountInvalid',
  'planRequired',
  'documentRequired',
  'photoRequired',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

export function validationKeyOf(message: string | undefined): ValidationKey {
  if (!message) return 'invalid';
  const mapped = CONTRACT_MESSAGES[message as keyof typeof CONTRACT_MESSAGES];
  if (mapped) return mapped;
  return (VALIDATION_KEYS as readonly string[]).includes(message) ? (message as ValidationKey) : 'invalid';
}

/** A validation message of a form field in the user's language. */
export function translateValidation(t: TFunction<'guides'>, message: string | undefined): string {
  return t(`validation.${validationKeyOf(message)}`);
}
