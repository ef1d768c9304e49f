import { z } from 'zod';

/**
 * `GET /api/account/my-data`: everything Marco holds about the caller (KVKK Art. 11, GDPR
 * Art. 15 and 20), as one JSON file. Other people appear only as far as the caller's own
 * data needs them (the display name of a conversation partner, reviewer or counterpart).
 * Sections are open records so the file grows with Marco without breaking older readers.
 */
const Row = z.record(z.string(), z.unknown());

export const MY_DATA_FORMAT = 'marco-my-data';

export const MyDataExportSchema = z.object({
  format: z.literal(MY_DATA_FORMAT),
  formatVersion: z.literal(1),
  exportedAt: z.string(),
  profile: Row,
  externalLogins: z.array(Row),
  sessions: z.array(Row),
  addresses: z.array(Row),
  consents: z.object({
    terms: Row.nullable(),
    privacy: Row.nullable(),
    /** Cookie and commercial-message choices, newest first (one row per change). */
    cookies: z.array(Row),
  }),
  newsletter: Row.nullable(),
  guideProfile: Row.nullable(),
  reservations: z.object({ asTraveller: z.array(Row), asGuide: z.array(Row) }),
  /** Card payments made as a traveller (amounts, status, refunds). */
  payments: z.array(Row),
  /** A guide's money movements: credits for completed tours and their reversals. */
  ledger: z.array(Row),
  conversations: z.array(Row),
  /** Messages the caller wrote; what others wrote stays theirs. */
  messages: z.array(Row),
  notifications: z.array(Row),
  reviews: z.object({ written: z.array(Row), received: z.array(Row) }),
  supportMessages: z.array(Row),
  bugReports: z.array(Row),
  /** Guides the caller keeps as favourites, newest first. */
  favourites: z.array(Row),
  /** A guide's calendar feed: when made and last read (its secret address is never kept). */
  calendarFeed: Row.nullable(),
});
export type MyDataExport = z.infer<typeof MyDataExportSchema>;
