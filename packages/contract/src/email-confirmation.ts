import { z } from 'zod';

// ---------------------------------------------------------------------------------------
// E-mail confirmation (spec §3 `email`, `emailConfirmed`)
// ---------------------------------------------------------------------------------------

/** A confirmation link stays valid for 24 hours, once. */
export const EMAIL_CONFIRMATION_TTL_S = 86_400;
/** The web page that confirms a link: `/settings?confirm-email=<token>`. */
export const EMAIL_CONFIRMATION_PARAM = 'confirm-email';

export const EMAIL_CONFIRMATION_SEND_PATH = '/api/account/email-confirmation/send';
export const EMAIL_CONFIRMATION_CONFIRM_PATH = '/api/account/email-confirmation/confirm';

export const EmailConfirmationSentSchema = z.object({
  /** The address the link went to. */
  email: z.string(),
  /** When the link stops working (ISO 8601). */
  expiresAt: z.string(),
});
export type EmailConfirmationSent = z.infer<typeof EmailConfirmationSentSchema>;

export const ConfirmEmailSchema = z.object({
  token: z
    .string({ error: 'The confirmation link is invalid' })
    .trim()
    .min(1, 'The confirmation link is invalid')
    .max(200),
});
export type ConfirmEmail = z.input<typeof ConfirmEmailSchema>;
