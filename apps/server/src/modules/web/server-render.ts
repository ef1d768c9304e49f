import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SESSION_COOKIE } from '@marco/contract/auth';
import { CONSENT_COOKIE, parseConsentCookie } from '@marco/contract/legal';
import { CURRENCY_COOKIE, LOCALE_COOKIE, type Locale } from '@marco/contract/locales';
import { CURRENCY_CODES, type CurrencyCode } from '@marco/contract/reference';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { InProcessAnswer } from '../../platform/in-process-answers.js';

const CURRENCIES: readonly string[] = CURRENCY_CODES;

/** What the web app's server bundle (apps/web/src/entry-server.tsx, built to dist/ssr) offers. */
export interface RenderRequest {
  url: string;
  origin: string;
  locale: Locale;
  currency: CurrencyCode;
  callApi: (url: string, init: RequestInit) => Promise<Response>;
  sharedVersion: string;
  visitor: boolean;
  consentBanner: boolean;
}
export interface RenderedPage {
  status: number;
  /** The markup of `#root`, UTF-8. */
  html: Uint8Array;
  payload: string;
  redirect?: string;
}
export interface PageRenderer {
  renderPage(request: RenderRequest): Promise<RenderedPage>;
  renderShell(request: RenderRequest): Promise<RenderedPage>;
  isClientRenderedPath(segments: readonly string[]): boolean;
}

/** The renderer of the build in `distDir`, or null when the build has none (an older build, a test without one). */
export async function loadPageRenderer(distDir: string): Promise<PageRenderer | null> {
  const entry = path.join(distDir, 'ssr', 'entry-server.js');
  if (!fs.existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as PageRenderer;
}

/** The visitor's currency (the `currency` cookie the web app writes), in which prices are rendered. */
export function currencyOf(request: FastifyRequest): CurrencyCode {
  const cookie = request.cookies?.[CURRENCY_COOKIE];
  return cookie !== undefined && CURRENCIES.includes(cookie) ? (cookie as CurrencyCode) : 'USD';
}

/**
 * Whether the visitor has yet to answer the cookie banner (no choice under the current cookie
 * policy, read as the web app reads it): their page carries the banner from the server.
 */
export function asksForConsent(request: FastifyRequest): boolean {
  return parseConsentCookie(request.cookies?.[CONSENT_COOKIE]) === null;
}

/** Whether the request may be signed in: only a visitor without credentials gets a kept page. */
export function hasCredentials(request: FastifyRequest): boolean {
  return request.headers.authorization !== undefined || request.cookies?.[SESSION_COOKIE] !== undefined;
}

function headersOf(init: RequestInit): Record<string, string> {
  return Object.fromEntries(new Headers(init.headers).entries());
}

/** A route's answer taken in process, or null when the route itself must answer (a refused body, a failure). */
async function answeredInProcess(answer: InProcessAnswer, init: RequestInit, locale: Locale): Promise<Response | null> {
  try {
    if (typeof init.body !== 'string') return null;
    const kept = await answer(JSON.parse(init.body), locale);
    return kept && new Response(kept.body, { status: 200, headers: { 'content-type': kept.contentType } });
  } catch {
    // The route answers (and logs) the failure as it would any request's.
    return null;
  }
}

/**
 * The API as a page's render calls it: the server's own routes in process (those offered in
 * `inProcessAnswers` called directly, the rest through `inject`), in the page's language; a
 * member's calls carry their cookies, a visitor's none, so a visitor's page holds nothing of
 * any one person and may be kept.
 */
export function apiTransport(app: FastifyInstance, locale: Locale, cookie: string | undefined) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const inProcess = app.deps.inProcessAnswers.get(init.method ?? 'GET', url);
    const direct = inProcess ? await answeredInProcess(inProcess, init, locale) : null;
    if (direct) return direct;
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: {
        ...headersOf(init),
        'accept-language': locale,
        cookie: cookie ?? `${LOCALE_COOKIE}=${locale}`,
      },
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const hasBody = answer.statusCode !== 204 && answer.statusCode !== 304;
    return new Response(hasBody ? answer.rawPayload : null, { status: answer.statusCode, headers });
  };
}

/**
 * `index.html` with the rendered page in `#root` and the data the client hydrates it with, as
 * the bytes sent; its manifest is the page language's (as the client's applyManifestLocale
 * sets), so an installed app opens in that language even when installed before the scripts ran.
 * The page's markup stays bytes from the renderer to the wire: a rendered page is 100–200 KB,
 * and each JavaScript string of it was a large object for the old generation's collector.
 */
export function withRenderedPage(html: string, page: RenderedPage, locale: Locale): Buffer {
  const root = '<div id="root"></div>';
  const at = html.indexOf(root);
  if (at < 0) throw new Error('The built index.html has no empty <div id="root">.');
  const before = html.slice(0, at).replace('href="/manifest.webmanifest"', `href="/manifests/${locale}.webmanifest"`);
  const after = html.slice(at + root.length);
  return Buffer.concat([
    Buffer.from(`${before}<div id="root">`, 'utf8'),
    page.html,
    Buffer.from(`</div><script type="application/json" id="marco-ssr">${page.payload}</script>${after}`, 'utf8'),
  ]);
}
