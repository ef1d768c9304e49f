import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LOCALE, directionOf, isLocale, type Locale } from '@marco/contract/locales';
import { matchWebRoute, WEB_ROUTE_ROOTS } from '@marco/contract/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { detectLocale } from '../../platform/locale.js';

/** Writes lang and dir into the page's <html> tag, so it never flashes in the wrong direction. */
export function localizeHtml(html: string, locale: Locale): string {
  return html.replace(/<html[^>]*>/i, `<html lang="${locale}" dir="${directionOf(locale)}">`);
}

export type PageDecision = { kind: 'page'; locale: Locale; status: 200 | 404 } | { kind: 'redirect'; location: string };

/**
 * What a browser asking for `url` gets: a locale-prefixed path is the app (404 when it
 * matches no route); `/` and unprefixed app paths go to the visitor's locale; anything
 * else, an unknown locale prefix included, is the not-found page in the default locale.
 */
export function decidePage(url: string, visitorLocale: Locale): PageDecision {
  const [pathname = '/', search] = url.split(/\?(.*)/s);
  const [first = '', ...rest] = pathname.split('/').filter(Boolean);
  if (isLocale(first)) {
    return { kind: 'page', locale: first, status: matchWebRoute(rest.join('/')) === null ? 404 : 200 };
  }
  if (first === '' || WEB_ROUTE_ROOTS.has(first)) {
    return {
      kind: 'redirect',
      location: `/${visitorLocale}${pathname === '/' ? '/' : pathname}${search ? `?${search}` : ''}`,
    };
  }
  return { kind: 'page', locale: DEFAULT_LOCALE, status: 404 };
}

/** Serves the built web app: hashed assets with long caching, and every page through decidePage. */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
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
    return reply
      .status(decision.status)
      .header('cache-control', 'no-cache')
      .header('content-language', decision.locale)
      .type('text/html; charset=utf-8')
      .send(localizeHtml(indexHtml, decision.locale));
  };
}
