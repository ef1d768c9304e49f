import { z } from 'zod';
import { keyField, textField } from './text.js';

/** What a message to support is about; the web shows a localised label for each. */
export const SUPPORT_TOPICS = [
  'reservation',
  'payment',
  'account',
  'guide-application',
  'safety',
  'feedback',
  'other',
] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

export const SUPPORT_MESSAGE_MIN = 20;
export const SUPPORT_MESSAGE_MAX = 4000;

/** `POST /api/app/support-public/contact`: the contact form of /about#support. */
export const SupportContactSchema = z.object({
  topic: z.enum(SUPPORT_TOPICS),
  message: textField({ multiline: true }).min(SUPPORT_MESSAGE_MIN).max(SUPPORT_MESSAGE_MAX),
  email: z.email().max(254),
  /** The page the form was sent from (path, query and hash), for context. */
  page: keyField().max(500),
});
export type SupportContact = z.infer<typeof SupportContactSchema>;

/** What `support-public/contact` answers: the stored message's id. */
export const SupportMessageCreatedSchema = z.object({ id: z.uuid() });
export type SupportMessageCreated = z.infer<typeof SupportMessageCreatedSchema>;
