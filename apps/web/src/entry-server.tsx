import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { LOCALES, type Locale } from '@marco/contract/locales';
import type { CurrencyCode } from '@marco/contract/reference';
import {
  defaultShouldDehydrateQuery,
  dehydrate,
  hashKey,
  type Query,
  type QueryClient,
  skipToken,
} from '@tanstack/react-query';
import type { i18n as I18n, ResourceKey } from 'i18next';
import { type ReactNode, StrictMode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  type RouteObject,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router';
import { AppProvider } from './app/provider';
import { createAppRoutes, isMemberPath } from './app/routes';
import { createShellRoutes } from './app/shell-routes';
import { SESSION_QUERY_KEY } from './features/auth/api/get-session';
import { i18n, initI18n, NAMESPACES, setCatalogLoader } from './i18n/i18n';
import { setApiTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { errorsToWire, isFinalError, type SsrPayload, serializeSsrPayload } from './ssr/payload';
import { prefetchMatches } from './ssr/prefetch';

/**
 * Pages the client renders alone, which the server sends as header and skeleton: members'
 * pages, and the steps of signing in, paying and rating, which read this tab's state
 * (sessionStorage, the payment's return) that the server cannot see.
 */
const CLIENT_RENDERED_ROOTS = new Set(['auth', 'payment', 'average-rate']);

export function isClientRenderedPath(segments: readonly string[]): boolean {
  return isMemberPath(segments) || CLIENT_RENDERED_ROOTS.has(segments[0] ?? '');
}

/** How the server answers the API calls a page makes while it renders (its own routes, in process). */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

export interface RenderRequest {
  /** Path and query, e.g. `/en/guides?languages=de`. */
  url: string;
  origin: string;
  locale: Locale;
  currency: CurrencyCode;
  callApi: ApiTransport;
  /**
   * What the answers every page reads alike (the `reference` queries: lists, places) were read
   * under, e.g. the server's generations of them: a later render with the same version reuses
   * them instead of asking again.
   */
  sharedVersion?: string;
  /** A visitor's page (the request carried no credentials): its session is none, known without asking. */
  visitor?: boolean;
  /** A visitor without a cookie choice under the current policy: the page carries the cookie banner. */
  consentBanner?: boolean;
}

export interface RenderedPage {
  /** The router's status: 404 for a page that does not exist, 500 when a loader failed. */
  status: number;
  /**
   * The markup of `#root`, as UTF-8 bytes: the page is sent as bytes, and a JavaScript string
   * of it (a two-byte string as soon as a name has a letter past Latin-1, twice its size) would
   * be made only to be encoded again.
   */
  html: Buffer;
  /** The text of the `<script type="application/json" id="marco-ssr">` element. */
  payload: string;
  /** A loader's redirect (e.g. a blog article that moved). */
  redirect?: string;
  /** React renders it took: 1 when the routes' prefetch (ssr/prefetch.ts) answered every query the page asked. */
  passes: number;
}

// Each render's API calls go to its own transport, however many renders interleave.
const currentTransport = new AsyncLocalStorage<ApiTransport>();
setApiTransport((input, init) => {
  const transport = currentTransport.getStore();
  if (!transport) return Promise.reject(new Error('An API call outside a server render.'));
  return transport(String(input), init ?? {});
});

// Every catalog of every language, in this bundle and loaded once: a request clones the
// instance in its language.
const catalogs = import.meta.glob<ResourceKey>('./i18n/locales/*/*.json', { import: 'default', eager: true });
setCatalogLoader((locale, namespace) => {
  const catalog = catalogs[`./i18n/locales/${locale}/${namespace}.json`];
  return catalog === undefined ? undefined : Promise.resolve(catalog);
});
const ready = (async () => {
  await initI18n();
  await i18n.loadLanguages([...LOCALES]);
  await i18n.loadNamespaces([...NAMESPACES]);
})();

const appRoutes = createAppRoutes();
const appHandler = createStaticHandler(appRoutes);
const shellHandler = createStaticHandler(createShellRoutes());

type Translate = (key: unknown, options?: unknown) => unknown;

/**
 * Translations by language, namespace, key prefix, key and options of plain values (a count, a
 * name): every catalog is loaded once and never changes in this process, so such a translation
 * is the same text in every render. A page asks for hundreds; i18next resolving each again
 * (plural rules, interpolation) was about a tenth of a page's rendering time.
 */
const keptTranslations = new Map<string, string>();
/**
 * About twice the entries of all eight languages' catalogs (some 22,000); bounded all the
 * same, since options (a guide's name) and keys built from what a request carries would
 * otherwise grow the map with each new value.
 */
const TRANSLATIONS_KEPT = 50_000;

/** Options as part of a kept translation's key, or null when one is not a plain value (an object, a function). */
function optionsKey(options: unknown): string | null {
  if (options === undefined) return '';
  if (typeof options !== 'object' || options === null) return null;
  for (const value of Object.values(options)) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return null;
  }
  return JSON.stringify(options);
}

/**
 * The page's language, noting every catalog the render reads: the client loads exactly those
 * before it hydrates (a lazy part may read a catalog its page did not load, which the server,
 * holding them all, would otherwise render and the client not).
 */
function translatorOf(locale: Locale, namespaces: Set<string>): I18n {
  // Synchronous, so the clone speaks the page's language from the first render on.
  const clone = i18n.cloneInstance({ lng: locale, initAsync: false });
  const note = (ns: unknown) => {
    for (const name of [ns].flat()) if (typeof name === 'string') namespaces.add(name);
  };
  const tracked = (translate: Translate, scope: readonly unknown[]): Translate => {
    const fixedNs = scope[1];
    const scopeKey = JSON.stringify(scope);
    const wrapped: Translate = (key, options) => {
      note(fixedNs ?? clone.options.defaultNS);
      if (options && typeof options === 'object' && 'ns' in options) note(options.ns);
      for (const single of [key].flat()) {
        if (typeof single === 'string' && single.includes(':')) note(single.split(':')[0]);
      }
      const ofOptions = optionsKey(options);
      if (ofOptions === null || typeof key !== 'string') return translate(key, options);
      const keptKey = `${scopeKey}${key}${ofOptions}`;
      const kept = keptTranslations.get(keptKey);
      if (kept !== undefined) return kept;
      const text = translate(key, options);
      if (typeof text === 'string') {
        if (keptTranslations.size >= TRANSLATIONS_KEPT) keptTranslations.clear();
        keptTranslations.set(keptKey, text);
      }
      return text;
    };
    return Object.assign(wrapped, translate);
  };
  const getFixedT = clone.getFixedT.bind(clone) as (...args: unknown[]) => Translate;
  clone.getFixedT = ((lng: unknown, ns: unknown, keyPrefix: unknown) =>
    tracked(getFixedT(lng, ns, keyPrefix), [lng ?? locale, ns, keyPrefix])) as unknown as typeof clone.getFixedT;
  clone.t = tracked(clone.t.bind(clone) as Translate, [locale, undefined, undefined]) as unknown as typeof clone.t;
  return clone;
}

/** A reference answer fetched by one render, for the next renders of the same version. */
interface SharedAnswer {
  version: string;
  fetchedAt: number;
  data: unknown;
}

/**
 * Reference answers by query hash: the same for every visitor, some tens of kilobytes each (the
 * service catalog, the places), and asked by nearly every page. Fetching and parsing them again
 * for each render was about a sixth of a new search page's cost, and their freshly parsed
 * objects lived as long as the render waited, so the collector moved them to the old generation.
 */
const sharedAnswers = new Map<string, SharedAnswer>();
/** A shared answer is asked again after this long whatever its version says, as the server's own kept answers are. */
const SHARED_ANSWER_MAX_AGE_MS = 60_000;
/** Reference queries by locale and place: some tens in all, bounded all the same. */
const SHARED_ANSWERS_KEPT = 500;

const isShared = (query: Query) => query.queryKey[0] === 'reference';

/** Shared by every render from now on: any render that tried to change it would fail, not spoil the others. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

const SESSION_QUERY_HASH = hashKey(SESSION_QUERY_KEY);

/**
 * Answers the queries `queryClient` comes to ask whose answers are known without asking, as each
 * query is made (so a page's payload holds only the queries it asked for, as before): the shared
 * answers kept for the request's version, and a visitor's session, which is none (on a page the
 * server renders whole: a shell's header waits for the session on the client, as before).
 */
function answerKnownQueries(queryClient: QueryClient, request: RenderRequest, mode: SsrPayload['mode']) {
  const { sharedVersion } = request;
  const visitor = request.visitor === true && mode === 'hydrate';
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'added') return;
    const { query } = event;
    if (visitor && query.queryHash === SESSION_QUERY_HASH) {
      query.setData(null, { updatedAt: Date.now(), manual: false });
      return;
    }
    const answer = sharedVersion === undefined || !isShared(query) ? undefined : sharedAnswers.get(query.queryHash);
    if (!answer || answer.version !== sharedVersion || Date.now() - answer.fetchedAt > SHARED_ANSWER_MAX_AGE_MS) return;
    query.setData(answer.data, { updatedAt: answer.fetchedAt, manual: false });
  });
}

/** Keeps the shared answers this render fetched for the next renders of `version`. */
function keepSharedAnswers(queryClient: QueryClient, version: string | undefined) {
  if (version === undefined) return;
  for (const query of queryClient.getQueryCache().findAll({ predicate: isShared })) {
    const { status, data, dataUpdatedAt } = query.state;
    const kept = sharedAnswers.get(query.queryHash);
    if (status !== 'success' || (kept?.version === version && kept.fetchedAt === dataUpdatedAt)) continue;
    if (!kept && sharedAnswers.size >= SHARED_ANSWERS_KEPT) sharedAnswers.clear();
    sharedAnswers.set(query.queryHash, { version, fetchedAt: dataUpdatedAt, data: deepFreeze(data) });
  }
}

/** Rendering passes that may discover queries (a query enabled by another's answer needs a second). */
const MAX_PASSES = 3;
/** A render that takes longer is cut off: the client renders what is missing. */
const RENDER_TIMEOUT_MS = 5_000;

/**
 * Renders `element` with React's streaming renderer and resolves with the whole document once
 * every boundary is ready; with null, without writing the document out, when `discard` says
 * then that this render only discovered what to fetch.
 */
function renderToBytes(element: ReactNode): Promise<Buffer>;
function renderToBytes(element: ReactNode, discard: (() => boolean) | undefined): Promise<Buffer | null>;
function renderToBytes(element: ReactNode, discard?: () => boolean): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        callback();
      },
      final(callback) {
        resolve(Buffer.concat(chunks));
        callback();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => {
        clearTimeout(timer);
        if (discard?.()) {
          resolve(null);
          return;
        }
        stream.pipe(sink);
      },
      onShellError: (error) => {
        clearTimeout(timer);
        reject(error);
      },
      // An error inside a boundary leaves that part to the client; the rest is still sent.
      onError: () => {},
      // The page is sent whole once ready (it is kept as bytes): every boundary inline, so it
      // needs none of React's reveal scripts, which the page's CSP would refuse and a browser
      // without JavaScript would not run.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    });
    const timer = setTimeout(() => stream.abort(), RENDER_TIMEOUT_MS);
  });
}

function isEnabled(query: Query): boolean {
  const { enabled, queryFn } = query.options as { enabled?: boolean | ((query: Query) => boolean); queryFn?: unknown };
  if (queryFn === skipToken || queryFn === undefined) return false;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** The queries the last pass asked for and nobody fetched yet. */
const pendingQueries = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .findAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isEnabled(query));

/**
 * The page rendered synchronously, or null when a part of it suspended (a lazy part this
 * process has not loaded yet) and only the streaming renderer can wait for it: React then
 * leaves that part's boundary to the client (`<!--$!`), or throws when no boundary holds it.
 * A part that failed is left to the client the same way, and the streaming render says so.
 */
function renderedSynchronously(element: ReactNode): string | null {
  try {
    const html = renderToString(element);
    return html.includes('<!--$!') ? null : html;
  } catch {
    return null;
  }
}

/**
 * Renders until the page asks for nothing more (at most MAX_PASSES; a shell asks for
 * nothing: its header waits for the session on the client, as a member's page does). A pass
 * that asked for data is not written out: its HTML would be thrown away.
 *
 * Each pass renders synchronously first: once this process has loaded the page's lazy parts
 * and the prefetch has answered its queries nothing suspends, and that renderer costs a page
 * about a fifth less than the streaming one, which encodes its output chunk by chunk.
 */
async function renderSettled(element: () => ReactNode, queryClient: QueryClient, mode: SsrPayload['mode']) {
  for (let pass = 1; ; pass += 1) {
    const discovering = mode === 'hydrate' && pass < MAX_PASSES;
    const asksMore = () => pendingQueries(queryClient).length > 0;
    const synchronous = renderedSynchronously(element());
    const html =
      synchronous === null
        ? await renderToBytes(element(), discovering ? asksMore : undefined)
        : discovering && asksMore()
          ? null
          : Buffer.from(synchronous);
    if (html !== null) return { html, passes: pass };
    await Promise.all(pendingQueries(queryClient).map((query) => query.fetch().catch(() => undefined)));
  }
}

function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, unknown> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([routeId, error]) => {
      if (isRouteErrorResponse(error)) return [routeId, { ...error, __type: 'RouteErrorResponse' }];
      if (error instanceof Error) return [routeId, { message: error.message, __type: 'Error' }];
      return [routeId, error];
    }),
  );
}

function appElement(
  request: RenderRequest,
  translator: I18n,
  queryClient: QueryClient,
  routes: RouteObject[],
  context: StaticHandlerContext,
  consentBanner: boolean,
): ReactNode {
  const router = createStaticRouter(routes, context);
  return (
    <StrictMode>
      <AppProvider
        queryClient={queryClient}
        i18n={translator}
        renderedCurrency={request.currency}
        renderedConsentBanner={consentBanner}
      >
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>
  );
}

async function render(request: RenderRequest, mode: SsrPayload['mode']): Promise<RenderedPage> {
  await ready;
  return currentTransport.run(request.callApi, async () => {
    const handler = mode === 'hydrate' ? appHandler : shellHandler;
    const url = new URL(request.url, request.origin);
    const context = await handler.query(new Request(url));
    if (context instanceof Response) {
      return {
        status: context.status,
        html: Buffer.alloc(0),
        payload: '',
        redirect: context.headers.get('location') ?? '/',
        passes: 0,
      };
    }
    const queryClient = createQueryClient();
    answerKnownQueries(queryClient, request, mode);
    if (mode === 'hydrate') {
      await prefetchMatches(context.matches, { queryClient, url, locale: request.locale, currency: request.currency });
    }
    const namespaces = new Set<string>();
    const translator = translatorOf(request.locale, namespaces);
    // A shell's header and skeleton are replaced by the client, which shows the banner then.
    const consentBanner = mode === 'hydrate' && request.consentBanner === true;
    const element = () => appElement(request, translator, queryClient, handler.dataRoutes, context, consentBanner);
    let { html, passes } = await renderSettled(element, queryClient, mode);
    // A failed query renders as still loading on both sides; the client asks again. A final
    // answer (the guide does not exist) stays: the page says so in its HTML, readable without
    // JavaScript, and the client hydrates that same state.
    const isFinal = (query: Query) => query.state.status === 'error' && isFinalError(query.state.error);
    const failed = (query: Query) => query.state.status === 'error' && !isFinal(query);
    if (queryClient.getQueryCache().findAll().some(failed)) {
      queryClient.removeQueries({ predicate: failed });
      html = await renderToBytes(element());
      passes += 1;
    }
    keepSharedAnswers(queryClient, request.sharedVersion);
    const payload: SsrPayload = {
      mode,
      locale: request.locale,
      currency: request.currency,
      consentBanner,
      namespaces: [...namespaces].sort(),
      router: {
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: serializeErrors(context.errors),
      },
      queries: errorsToWire(
        dehydrate(queryClient, {
          shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || isFinal(query),
        }),
      ),
    };
    return { status: context.statusCode, html, payload: serializeSsrPayload(payload), passes };
  });
}

/** A public page, rendered with its data for the client to hydrate. */
export function renderPage(request: RenderRequest): Promise<RenderedPage> {
  return render(request, 'hydrate');
}

/** A page the client renders alone (isClientRenderedPath): the header and a skeleton, which the client replaces. */
export function renderShell(request: RenderRequest): Promise<RenderedPage> {
  return render(request, 'shell');
}
