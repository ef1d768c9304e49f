/*
 * Marco's service worker, written by hand (no framework).
 *
 * - Precaches the app shell listed by the build in /sw-precache.js (index.html, the entry
 *   chunk, its imports and CSS, the home page, icons) and the offline pages.
 * - Keeps the catalogs of each locale the visitor uses (the page names it in a message;
 *   the worker also looks at the open windows' URLs when it installs).
 * - Navigations: network first; offline, the cached shell (the app then shows what it
 *   has), or the static offline page in the visitor's language.
 * - Hashed assets (/assets/…): cache first, they never change. Other static files: from
 *   the network, the cache when offline. The API is never cached: it holds personal data.
 * - Web Push (issue 19): shows the server's notification (title, body, the page to open,
 *   a tag so a reservation's or a conversation's notifications replace each other); a new
 *   message is not shown while its conversation is on screen in a focused window. A click
 *   focuses a window already on that page, else navigates a Marco window there, else opens one.
 */
/* global self, caches, fetch, URL, Response */
importScripts('/sw-precache.js');

const PRECACHE = self.__MARCO_PRECACHE__;
const SHELL_CACHE = `marco-shell-${PRECACHE.build}`;
const RUNTIME_CACHE = 'marco-runtime-v1';
const RUNTIME_LIMIT = 120;
const LOCALES = Object.keys(PRECACHE.locales);
const DEFAULT_LOCALE = 'en';

function localeOfPath(pathname) {
  const prefix = pathname.split('/')[1];
  return LOCALES.includes(prefix) ? prefix : null;
}

async function cacheLocale(locale) {
  const files = PRECACHE.locales[locale];
  if (!files) return;
  const cache = await caches.open(SHELL_CACHE);
  await cache.addAll(files);
}

async function isLocaleCached(locale) {
  const files = PRECACHE.locales[locale];
  if (!files) return false;
  const cache = await caches.open(SHELL_CACHE);
  const found = await Promise.all(files.map((file) => cache.match(file)));
  return found.every(Boolean);
}

async function windowLocales() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return [...new Set(windows.map((client) => localeOfPath(new URL(client.url).pathname)).filter(Boolean))];
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll([...PRECACHE.shell, ...Object.values(PRECACHE.offline)]);
      await Promise.all((await windowLocales()).map(cacheLocale));
      // Assets are content-hashed and navigations go to the network first, so the new
      // worker can take over at once.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('marco-shell-') && name !== SHELL_CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data;
  if (data && data.type === 'cache-locale' && LOCALES.includes(data.locale)) {
    event.waitUntil(cacheLocale(data.locale));
  }
});

async function putInRuntimeCache(request, response) {
  const cache = await caches.open(RUNTIME_CACHE);
  await cache.put(request, response);
  const keys = await cache.keys();
  // Oldest first: keep the cache from growing without bound.
  await Promise.all(keys.slice(0, Math.max(0, keys.length - RUNTIME_LIMIT)).map((key) => cache.delete(key)));
}

async function offlinePage(locale) {
  const cache = await caches.open(SHELL_CACHE);
  return (
    (await cache.match(PRECACHE.offline[locale] || PRECACHE.offline[DEFAULT_LOCALE])) ||
    new Response('Offline', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  );
}

async function handleNavigation(request, url) {
  try {
    return await fetch(request);
  } catch {
    const locale = localeOfPath(url.pathname);
    const isAppPage = !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/connect/');
    if (isAppPage) {
      // The shell can start offline only with the catalogs of the page's language.
      const usable = locale
        ? await isLocaleCached(locale)
        : (await Promise.all(LOCALES.map(isLocaleCached))).some(Boolean);
      const shell = usable ? await caches.match('/index.html', { cacheName: SHELL_CACHE }) : undefined;
      if (shell) return shell;
    }
    return offlinePage(locale || DEFAULT_LOCALE);
  }
}

async function handleAsset(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await putInRuntimeCache(request, response.clone());
  return response;
}

async function handleStatic(request) {
  try {
    const response = await fetch(request);
    if (response.ok) await putInRuntimeCache(request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(request);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === '/sw.js' || url.pathname === '/sw-precache.js') return;

  if (request.mode === 'navigate') {
    event.respondWith(handleNavigation(request, url));
    return;
  }
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/connect/')) return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(handleAsset(request));
    return;
  }
  // Icons, manifests, blog covers, feeds: fresh when online, cached for offline.
  event.respondWith(handleStatic(request));
});

function isConversationOnScreen(windows, conversationId) {
  return windows.some((client) => {
    if (!client.focused || client.visibilityState !== 'visible') return false;
    const segments = new URL(client.url).pathname.split('/');
    return segments[2] === 'messages' && segments[3] === conversationId;
  });
}

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  if (!data || typeof data.title !== 'string') return;
  event.waitUntil(
    (async () => {
      if (data.kind === 'message.received' && data.conversationId) {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        if (isConversationOnScreen(windows, data.conversationId)) return;
      }
      const rtl = data.locale === 'ar';
      await self.registration.showNotification(data.title, {
        body: data.body,
        tag: data.tag,
        renotify: data.kind === 'message.received',
        lang: data.locale,
        dir: rtl ? 'rtl' : 'ltr',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: data.url },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data?.url;
  const target = new URL(typeof path === 'string' && path.startsWith('/') ? path : '/', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((client) => new URL(client.url).pathname === target.pathname);
      if (same) return same.focus();
      const any = windows.find((client) => new URL(client.url).origin === target.origin);
      if (any) {
        await any.focus();
        return any.navigate(target.href);
      }
      return self.clients.openWindow(target.href);
    })(),
  );
});
