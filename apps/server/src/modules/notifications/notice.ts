import { isLocale, LOCALE_COOKIE, type Locale } from '@marco/contract/locales';
import type { FastifyRequest } from 'fastify';
import { localeFromAcceptLanguage } from '../../platform/locale.js';
import type { MailAttachment } from '../../platform/mail/index.js';
import { type NoticeKind, renderNotice } from './catalog.js';
import { localeOfUser, rememberLocale } from './locale.js';
import { type NotifyDeps, type NotifyOptions, type NotifyResult, notify } from './notify.js';
import { isPushKind, type PushDeps, sendPush } from './push.js';
import { renderPush } from './push-catalog.js';

/**
 * Notifies a user in-app and, by their preferences, by e-mail or SMS and by push, written
 * in their locale: `values` gives the placeholders for that locale (dates and money are
 * formatted per locale; `link` is the page a push opens). Pushes of one `pushTag` replace
 * each other on a device.
 */
export async function notifyInLocale(
  deps: NotifyDeps & PushDeps,
  userId: string,
  kind: NoticeKind,
  payload: Record<string, unknown>,
  values: (locale: Locale) => Record<string, string>,
  options: Omit<NotifyOptions, 'email' | 'sms'> & { attach?: AttachInLocale; pushTag?: string } = {},
): Promise<NotifyResult> {
  const { attach, pushTag, ...rest } = options;
  const locale = await localeOfUser(deps.db, userId);
  const copies = renderNotice(kind, locale, values(locale));
  const attached = attach ? await attach(locale) : null;
  const email =
    attached?.files.length && copies.email
      ? { ...copies.email, text: beforeFooter(copies.email.text, attached.note), attachments: attached.files }
      : copies.email;
  const result = await notify(deps, userId, kind, payload, { ...rest, ...copies, email });
  if (isPushKind(kind)) {
    await sendPush(deps, userId, kind, (pushLocale) => {
      const filled = values(pushLocale);
      return {
        ...renderPush(kind, pushLocale, filled),
        url: filled.link ? new URL(filled.link).pathname : `/${pushLocale}/`,
        tag: pushTag ?? rest.groupKey ?? result.notificationId,
      };
    });
  }
  return result;
}

const FOOTER_RULE = '\n\n—\n';
const beforeFooter = (text: string, paragraph: string) => {
  const at = text.lastIndexOf(FOOTER_RULE);
  return at < 0 ? `${text}\n\n${paragraph}` : `${text.slice(0, at)}\n\n${paragraph}${text.slice(at)}`;
};

/** Files for the e-mail copy, made in the recipient's locale, and the line that tells about them. */
export type AttachInLocale = (locale: Locale) => Promise<{ files: MailAttachment[]; note: string }>;

/**
 * preHandler of signed-in routes: remembers the caller's locale for their e-mails and SMS,
 * when the request names one (the web's locale cookie, else Accept-Language); a client
 * that sends neither leaves the remembered one as it is.
 */
export const rememberCallerLocale = (deps: Pick<NotifyDeps, 'db' | 'clock'>) => async (request: FastifyRequest) => {
  if (!request.user) return;
  const cookie = request.cookies?.[LOCALE_COOKIE];
  const locale = isLocale(cookie) ? cookie : localeFromAcceptLanguage(request.headers['accept-language']);
  if (locale) await rememberLocale(deps.db, request.user.id, locale, deps.clock.now());
};

/** A start instant as the recipient reads it: their locale, the reservation's zone. */
export const formatWhen = (at: Date | string, locale: Locale, timeZone: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(at));

/** Minor units as the recipient reads money (display only; sums stay integers). */
export const formatMoney = (minor: number, currency: string, locale: Locale) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
