import type { Locale } from '@marco/contract/locales';
import { resolveApiUrl } from '@/lib/api-client';

/** `GET calendar-public/reservations/{id}/event.ics`: a file the browser downloads with the session cookie. */
export const reservationIcsUrl = (reservationId: string, locale: Locale) =>
  resolveApiUrl(`calendar-public/reservations/${encodeURIComponent(reservationId)}/event.ics`, { locale });
