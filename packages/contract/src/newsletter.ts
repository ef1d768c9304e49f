import { z } from 'zod';
import { LocaleSchema } from './common.js';
import { keyField } from './text.js';

export const NewsletterSubscribeSchema = z.object({
  email: z.email().max(254),
  locale: LocaleSchema.optional(),
});
export type NewsletterSubscribe = z.infer<typeof NewsletterSubscribeSchema>;

/** `pending`: a confirmation link was sent; `subscribed`: the address was already confirmed. */
export const NewsletterSubscribeResultSchema = z.object({ status: z.enum(['pending', 'subscribed']) });

export const NewsletterTokenQuerySchema = z.object({ token: keyField().min(20).max(200) });
