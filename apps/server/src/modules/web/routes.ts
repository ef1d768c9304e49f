import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LOCALE, directionOf, isLocale, type Locale } from '@marco/contract/locales';
import { matchWebRoute, WEB_ROUTE_ROOTS } from '@marco/contract/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { detectLocale } from '../../platform/locale.js';
import { injectDemoBanner } from './demo-banner.js';
import { injectHead, notFoundHead, renderHead, resolvePageHead } from './page-head.js';
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
    return {
      kind: 'redirect',
      location: `/${visitorLocale}${pathname === '/' ? '/' : pathname}${search ? `?${search}` : ''}`,
    };
  }
  return { kind: 'page', locale: DEFAULT_LOCALE, status: 404, segments: [first, ...rest] };
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
 * Serves the built web app: hashed assets with long caching, and every page through
 * decidePage, with its title, description, canonical, Open Graph and hreflang tags.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  registerCrawlerRoutes(app);
  const indexPath = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  const indexHtml = hasBuild ? fs.readFileSync(indexPath, 'utf8') : null;

  return async function servePage(request: FastifyRequest, reply: FastifyReply) {
    const decision = decidePage(request.url, detectLocale(request));
    if (decision.kind === 'redirect') return reply.redirect(decision.location, 302);
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    const { locale, segments } = decision;
    const head =
      decision.status === 200 ? await resolvePageHead(app.deps.db, segments, locale) : notFoundHead(segments, locale);
    const page = injectHead(
      localizeHtml(indexHtml, locale),
      renderHead(head ?? notFoundHead(segments, locale), locale, app.deps.config.PUBLIC_URL),
    );
    const html = app.deps.config.DEMO_SITE ? injectDemoBanner(page, locale) : page;
    return reply
      .status(head?.indexable ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('content-language', locale)
      .type('text/html; charset=utf-8')
      .send(html);
  };
}
