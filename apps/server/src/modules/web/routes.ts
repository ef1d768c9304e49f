import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  CURRENCY_CHOICE_PATH,
  CURRENCY_COOKIE,
  DEFAULT_LOCALE,
  directionOf,
  isLocale,
  LOCALE_COOKIE_MAX_AGE_S,
  type Locale,
} from '@marco/contract/locales';
import { CURRENCY_CODES } from '@marco/contract/reference';
import { matchWebRoute, WEB_ROUTE_ROOTS } from '@marco/contract/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { isSecureCookie } from '../../platform/auth/cookie.js';
import { AppError } from '../../platform/errors.js';
import { linkLocale, withoutSharerLocale } from '../../platform/locale.js';
import { KeptBody, sendKept } from '../../platform/serialized-reply.js';
import { GenerationCache } from '../search/generation-cache.js';
import { injectDemoBanner } from './demo-banner.js';
import {
  injectHead,
  notFoundHead,
  type PageHead,
  pageHeadReadsDatabase,
  renderHead,
  resolvePageHead,
} from './page-head.js';
import {
  apiTransport,
  asksForConsent,
  currencyOf,
  hasCredentials,
  loadPageRenderer,
  type PageRenderer,
  type RenderedPage,
  withRenderedPage,
} from './server-render.js';
import {
  buildRobotsTxt,
  buildSitemapIndex,
  buildUrlset,
  countPublicGuides,
  GUIDES_PER_SITEMAP,
  listGuidePages,
  listSitemapPages,
} from './sitemap.js';

/** Writes lang and dir into the page's <html> tag, so it never flashes in the wrong direction. */
export function localizeHtml(html: string, locale: Locale): string {
  return html.replace(/<html[^>]*>/i, `<html lang="${locale}" dir="${directionOf(locale)}">`);
}

export type PageDecision =
  | { kind: 'page'; locale: Locale; status: 200 | 404; segments: string[] }
  | { kind: 'redirect'; location: string };

/**
 * What a browser asking for `url` gets: a locale-prefixed path is the app (404 when it
 * matches no route); `/` and unprefixed app paths go to the visitor's locale; anything
 * else, an unknown locale prefix included, is the not-found page in the default locale.
 */
export function decidePage(url: string, visitorLocale: Locale): PageDecision {
  const [pathname = '/', search] = url.split(/\?(.*)/s);
  const [first = '', ...rest] = pathname.split('/').filter(Boolean);
  if (isLocale(first)) {
    return { kind: 'page', locale: first, status: matchWebRoute(rest.join('/')) === null ? 404 : 200, segments: rest };
  }
  if (first === '' || WEB_ROUTE_ROOTS.has(first)) {
    const query = withoutSharerLocale(search);
    return {
      kind: 'redirect',
      location: `/${visitorLocale}${pathname === '/' ? '/' : pathname}${query ? `?${query}` : ''}`,
    };
  }
  return { kind: 'page', locale: DEFAULT_LOCALE, status: 404, segments: [first, ...rest] };
}

const isControlCharacter = (char: string) => char < ' ' || char === '\u007f';

/**
 * A path of this site to send a visitor back to: one slash, then anything but a second slash or
 * a backslash (which browsers read as another host's address), and no control character.
 */
const LocalPathSchema = z
  .string()
  .max(2048)
  .refine((path) => /^\/(?![/\\])/.test(path) && ![...path].some(isControlCharacter), 'Must be a path of this site');

/**
 * The currency switcher's links before the app runs (or without JavaScript): sets the
 * `currency` cookie as the app would (readable by it, a year) and sends the visitor back to the
 * page they chose on, whose prices the server then renders in that currency.
 */
function registerCurrencyChoice(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;
  app.get(
    `${CURRENCY_CHOICE_PATH}/:code`,
    {
      schema: {
        hide: true,
        params: z.object({ code: z.enum(CURRENCY_CODES) }),
        querystring: z.object({ return: LocalPathSchema.default('/') }),
      },
    },
    async (request, reply) => {
      reply.setCookie(CURRENCY_COOKIE, request.params.code, {
        path: '/',
        maxAge: LOCALE_COOKIE_MAX_AGE_S,
        sameSite: 'lax',
        secure: isSecureCookie(request, config),
      });
      return reply.header('cache-control', 'no-store').redirect(request.query.return, 303);
    },
  );
}

/** The sitemap, its parts when there are many guides, and robots.txt. */
function registerCrawlerRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const sendXml = (reply: FastifyReply, xml: string) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const guideCount = await countPublicGuides(db);
    if (guideCount <= GUIDES_PER_SITEMAP) {
      const [pages, guides] = await Promise.all([listSitemapPages(db), listGuidePages(db, 1)]);
      return sendXml(reply, buildUrlset([...pages, ...guides], config.PUBLIC_URL));
    }
    const files = Math.ceil(guideCount / GUIDES_PER_SITEMAP);
    const urls = [
      `${config.PUBLIC_URL}/sitemaps/pages.xml`,
      ...Array.from({ length: files }, (_, index) => `${config.PUBLIC_URL}/sitemaps/guides.xml?page=${index + 1}`),
    ];
    return sendXml(reply, buildSitemapIndex(urls));
  });

  app.get('/sitemaps/pages.xml', { schema: { hide: true } }, async (_request, reply) =>
    sendXml(reply, buildUrlset(await listSitemapPages(db), config.PUBLIC_URL)),
  );

  app.get(
    '/sitemaps/guides.xml',
    { schema: { hide: true, querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }) } },
    async (request, reply) => {
      const pages = await listGuidePages(db, request.query.page);
      if (pages.length === 0 && request.query.page > 1) throw new AppError('NOT_FOUND', 'No such sitemap page');
      return sendXml(reply, buildUrlset(pages, config.PUBLIC_URL));
    },
  );

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(buildRobotsTxt(config.PUBLIC_URL)),
  );
}

/**
 * A page as sent: the build's index.html with the page's lang, dir and head, and the notice of
 * a demo site (DEMO_SITE).
 */
export function pageHtml(
  indexHtml: string,
  head: PageHead,
  locale: Locale,
  config: Pick<Config, 'PUBLIC_URL' | 'DEMO_SITE'>,
): string {
  const page = injectHead(localizeHtml(indexHtml, locale), renderHead(head, locale, config.PUBLIC_URL));
  return config.DEMO_SITE ? injectDemoBanner(page, locale) : page;
}

/** Files the build may have compressed copies of (compress-assets-plugin.ts). */
const TEXT_FILE = /\.(?:js|mjs|css|svg|html|json|webmanifest|xml|txt)$/;

/**
 * Hashed assets never change; pages, the service worker, its precache list and the manifests
 * keep their names across builds, so browsers ask each time (a 304 when unchanged); the rest
 * (icons, blog covers) may be an hour old.
 */
export function cacheControlOf(file: string): string {
  if (file.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (/\.(?:html|webmanifest|js)$/.test(file)) return 'no-cache';
  return 'public, max-age=3600';
}

/** Pages kept per instance, about 5 KB each with their compressed copies. */
const PAGES_KEPT = 1000;
/** A page that reads nothing is rebuilt only this often (in the background, while it is served). */
const PAGE_TTL_MS = 10 * 60_000;

/**
 * Rendered pages kept per instance: one with guide cards is 150–250 KB with its brotli copy,
 * so 1000 of them (as for shells) would hold about 300 MB; 200 hold about 50 MB.
 */
const RENDERED_PAGES_KEPT = 200;
/** A rendered page's data (onboarding texts, blog, reference lists) is at most this old; search data by generation. */
const RENDERED_TTL_MS = 60_000;

type RenderedReply =
  | { status: 200 | 404 | 500; body: KeptBody; redirect: null }
  | { status: 302; body: null; redirect: string };

/**
 * Serves the built web app: static files from the build's compressed copies, hashed assets
 * with long caching, and every page through decidePage, with its title, description,
 * canonical, Open Graph and hreflang tags, prepared once and kept (with its compressed copies
 * and ETag).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  registerCrawlerRoutes(app);
  registerCurrencyChoice(app);
  const indexPath = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      cacheControl: false,
      // The server's renderer (dist/ssr) is code the server runs, not a file for browsers.
      allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
      // The build writes .br and .gz copies of text files (compress-assets-plugin.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const file = filePath.replace(/\.(?:br|gz)$/, '');
        res.setHeader('cache-control', cacheControlOf(file));
        // Lower case: @fastify/compress, which compresses a file without a copy, adds its own
        // Vary entry unless it finds this one spelt so.
        if (TEXT_FILE.test(file)) res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  const indexHtml = hasBuild ? fs.readFileSync(indexPath, 'utf8') : null;
  const renderer = hasBuild ? await loadPageRenderer(distDir) : null;
  const { db, config, clock, searchGeneration, referenceGeneration } = app.deps;
  const pages = new GenerationCache<{ status: 200 | 404; body: KeptBody }>({
    ttlMs: PAGE_TTL_MS,
    maxEntries: PAGES_KEPT,
  });

  const renderPage = async (html: string, decision: Extract<PageDecision, { kind: 'page' }>) => {
    const { locale, segments } = decision;
    const head =
      (decision.status === 200 ? await resolvePageHead(db, segments, locale) : null) ?? notFoundHead(segments, locale);
    return {
      status: head.indexable ? (200 as const) : (404 as const),
      body: new KeptBody(Buffer.from(pageHtml(html, head, locale, config), 'utf8'), 'text/html; charset=utf-8'),
    };
  };

  // Pages rendered on the server (docs/decisions/015): a visitor's are kept by everything they
  // depend on, a member's are rendered for them alone.
  const renderedPages = new GenerationCache<RenderedReply>({ ttlMs: RENDERED_TTL_MS, maxEntries: RENDERED_PAGES_KEPT });
  const renderOnServer = async (
    pageRenderer: PageRenderer,
    html: string,
    decision: Extract<PageDecision, { kind: 'page' }>,
    request: FastifyRequest,
    cookie: string | undefined,
  ): Promise<RenderedReply> => {
    const { locale, segments } = decision;
    const head =
      (decision.status === 200 ? await resolvePageHead(db, segments, locale) : null) ?? notFoundHead(segments, locale);
    const renderRequest = {
      url: request.url,
      origin: config.PUBLIC_URL,
      locale,
      currency: currencyOf(request),
      callApi: apiTransport(app, locale, cookie),
      // The reference lists and places every page reads alike are reused by the renders of the
      // same generations: they change when staff edit a list or search's data moves on.
      sharedVersion: `${referenceGeneration.current()} ${searchGeneration.current()}`,
      visitor: cookie === undefined,
      consentBanner: cookie === undefined && asksForConsent(request),
    };
    let rendered: RenderedPage;
    try {
      rendered = pageRenderer.isClientRenderedPath(segments)
        ? await pageRenderer.renderShell(renderRequest)
        : await pageRenderer.renderPage(renderRequest);
    } catch (error) {
      // The client can still render the page: it gets the shell, as before server rendering.
      request.log.error({ err: error }, 'server rendering failed');
      return { ...(await renderPage(html, decision)), redirect: null };
    }
    if (rendered.redirect) return { status: 302, body: null, redirect: rendered.redirect };
    const status = rendered.status >= 500 ? 500 : rendered.status === 404 || !head.indexable ? 404 : 200;
    const page = withRenderedPage(pageHtml(html, head, locale, config), rendered, locale);
    const body = new KeptBody(page, 'text/html; charset=utf-8', { keep: 'brotli' });
    return { status, body, redirect: null };
  };

  const sendRendered = (
    request: FastifyRequest,
    reply: FastifyReply,
    locale: Locale,
    page: RenderedReply,
    member: boolean,
  ): FastifyReply => {
    if (page.redirect !== null || page.body === null) return reply.redirect(page.redirect ?? '/', 302);
    reply.status(page.status).header('cache-control', member ? 'private, no-cache' : 'no-cache');
    return sendKept(request, reply.header('content-language', locale), page.body);
  };
  // A visitor's page depends on nothing else: the cookie-less API answers are the same for all.
  const visitorPageKey = (decision: Extract<PageDecision, { kind: 'page' }>, request: FastifyRequest) =>
    `${decision.locale} ${currencyOf(request)} ${asksForConsent(request) ? 'consent' : '-'} ${request.url}`;

  const servePageAsync = async (request: FastifyRequest, reply: FastifyReply, decision: PageDecision) => {
    if (decision.kind === 'redirect') return reply.redirect(decision.location, 302);
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    if (renderer) {
      const member = hasCredentials(request);
      const page = member
        ? await renderOnServer(renderer, indexHtml, decision, request, request.headers.cookie)
        : await renderedPages.get(
            visitorPageKey(decision, request),
            searchGeneration.current(),
            clock.now().getTime(),
            () => renderOnServer(renderer, indexHtml, decision, request, undefined),
          );
      return sendRendered(request, reply, decision.locale, page, member);
    }
    // A page is the same bytes for everyone; one whose head reads guides or places is kept
    // only while the search generation says those have not changed.
    const generation =
      decision.status === 200 && pageHeadReadsDatabase(decision.segments) ? searchGeneration.current() : 0n;
    const page = await pages.get(
      `${decision.status} ${decision.locale}/${decision.segments.join('/')}`,
      generation,
      clock.now().getTime(),
      () => renderPage(indexHtml, decision),
    );
    reply.status(page.status).header('cache-control', 'no-cache').header('content-language', decision.locale);
    return sendKept(request, reply, page.body);
  };

  /**
   * Sends the page for `request`. A visitor's kept page goes out synchronously, with no promise
   * between the cache and the reply (most of what a kept page costs beyond sending its bytes,
   * decision 010); anything else resolves when it is sent.
   */
  return function servePage(request: FastifyRequest, reply: FastifyReply): undefined | Promise<unknown> {
    const decision = decidePage(request.url, linkLocale(request));
    if (renderer && indexHtml && decision.kind === 'page' && !hasCredentials(request)) {
      const kept = renderedPages.peek(
        visitorPageKey(decision, request),
        searchGeneration.current(),
        clock.now().getTime(),
      );
      if (kept) {
        sendRendered(request, reply, decision.locale, kept, false);
        return undefined;
      }
    }
    return servePageAsync(request, reply, decision).then(() => undefined);
  };
}
