import type { TFunction } from 'i18next';
import { isApiError } from './api-client';

/** A localised title and description for any thrown value, keyed by the API error code. */
export function describeError(error: unknown, t: TFunction): { title: string; description: string } {
  const code = isApiError(error) ? error.code : 'SERVER_ERROR';
  const title = t(`${code}.title`, { ns: 'errors', defaultValue: '' });
  if (title) return { title, description: t(`${code}.description`, { ns: 'errors' }) };
  // An unknown code from a newer server: fall back by status class.
  const fallback = isApiError(error) && error.status < 500 ? 'OPERATION_FAILED' : 'SERVER_ERROR';
  return {
    title: t(`${fallback}.title`, { ns: 'errors' }),
    description: t(`${fallback}.description`, { ns: 'errors' }),
  };
}
