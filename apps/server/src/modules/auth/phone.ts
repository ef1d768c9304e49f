import { removeWhitespace } from '@marco/contract/auth';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { fieldError } from '../../platform/errors.js';

/**
 * A phone number in E.164, or null when it is not a valid number. Whitespace goes first
 * (spec §5); a leading + is required, so the number carries its country.
 */
export function toE164(raw: string): string | null {
  const text = removeWhitespace(raw);
  if (!text.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(text);
  return parsed?.isValid() ? parsed.number : null;
}

/** As toE164, but refuses an invalid number with VALIDATION_FAILED on `path`. */
export function normalizePhoneNumber(raw: string, path = 'body.phoneNumber'): string {
  const phone = toE164(raw);
  if (!phone) throw fieldError('VALIDATION_FAILED', path, 'Valid phone number required');
  return phone;
}
