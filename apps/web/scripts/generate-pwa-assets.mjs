// Generates the installable app's files from the favicon's design, and PNG copies of the
// blog covers (social networks do not show SVG share images). Run after changing the
// logo, the manifest texts or a cover; the outputs are committed:
//   node apps/web/scripts/generate-pwa-assets.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../public');
const THEME = '#196762';
const BACKGROUND = '#f8fafb';

const M_PATH = 'M14 47V18.5c0-1.2 1.5-1.8 2.3-.9L32 35l15.7-17.4c.8-.9 2.3-.3 2.3.9V47';
const GRADIENT = `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#279f93"/><stop offset="1" stop-color="#18534f"/></linearGradient>`;

/** The favicon: rounded tile, for "any" purpose icons. */
const roundedIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><title>Marco</title><defs>${GRADIENT}</defs><rect width="64" height="64" rx="14" fill="url(#g)"/><path d="${M_PATH}" fill="none" stroke="#fff" stroke-width="6.5" stroke-linecap="round" stroke-linejoin="round"/></svg>\n`;

/** Full-bleed tile with the mark inside the maskable safe zone (the middle 80 %). */
const fullBleedIcon = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs>${GRADIENT}</defs><rect width="64" height="64" fill="url(#g)"/><g transform="translate(32 33) scale(${scale}) translate(-32 -32.5)"><path d="${M_PATH}" fill="none" stroke="#fff" stroke-width="6.5" stroke-linecap="round" stroke-linejoin="round"/></g></svg>\n`;

// One manifest per locale: the installed app keeps the language it was installed in.
// Names and descriptions are the product's own words in each language (not from i18next:
// the browser reads these files, the app never renders them).
const MANIFEST_TEXTS = {
  en: {
    name: 'Marco – local guides in your language',
    description: 'Find local tour guides who speak your language, reserve them by the hour and pay securely.',
  },
  tr: {
    name: 'Marco – dilinizi konuşan yerel rehberler',
    description: 'Dilinizi konuşan yerel rehberleri bulun, saatlik rezervasyon yapın ve güvenle ödeyin.',
  },
  ar: {
    name: 'Marco – مرشدون محليون يتحدثون لغتك',
    description: 'اعثر على مرشدين سياحيين محليين يتحدثون لغتك، واحجزهم بالساعة، وادفع بأمان.',
  },
  de: {
    name: 'Marco – lokale Guides in deiner Sprache',
    description: 'Finde lokale Guides, die deine Sprache sprechen, buche sie stundenweise und bezahle sicher.',
  },
  es: {
    name: 'Marco – guías locales en tu idioma',
    description:
      'Encuentra guías turísticos locales que hablan tu idioma, resérvalos por horas y paga de forma segura.',
  },
  fr: {
    name: 'Marco – des guides locaux dans votre langue',
    description:
      'Trouvez des guides locaux qui parlent votre langue, réservez-les à l’heure et payez en toute sécurité.',
  },
  it: {
    name: 'Marco – guide locali nella tua lingua',
    description: 'Trova guide turistiche locali che parlano la tua lingua, prenotale a ore e paga in sicurezza.',
  },
  ru: {
    name: 'Marco – местные гиды на вашем языке',
    description: 'Найдите местных гидов, говорящих на вашем языке, бронируйте их по часам и платите безопасно.',
  },
};

const ICONS = [
  { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

function manifestFor(locale) {
  const texts = MANIFEST_TEXTS[locale ?? 'en'];
  return {
    // The same id in every locale: one app, whichever language it was installed from.
    id: '/',
    name: texts.name,
    short_name: 'Marco',
    description: texts.description,
    lang: locale ?? 'en',
    dir: locale === 'ar' ? 'rtl' : 'ltr',
    // `/` is redirected by the server to the visitor's language.
    start_url: locale ? `/${locale}/` : '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: BACKGROUND,
    theme_color: THEME,
    categories: ['travel', 'lifestyle'],
    icons: ICONS,
  };
}

async function writePng(svg, size, file) {
  await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, file));
}

fs.mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
fs.mkdirSync(path.join(publicDir, 'manifests'), { recursive: true });
fs.writeFileSync(path.join(publicDir, 'icons/icon.svg'), roundedIcon);
await writePng(roundedIcon, 192, 'icons/icon-192.png');
await writePng(roundedIcon, 512, 'icons/icon-512.png');
await writePng(fullBleedIcon(0.72), 192, 'icons/maskable-192.png');
await writePng(fullBleedIcon(0.72), 512, 'icons/maskable-512.png');
await writePng(fullBleedIcon(0.86), 180, 'icons/apple-touch-icon.png');

fs.writeFileSync(path.join(publicDir, 'manifest.webmanifest'), `${JSON.stringify(manifestFor(null), null, 2)}\n`);
for (const locale of Object.keys(MANIFEST_TEXTS)) {
  fs.writeFileSync(
    path.join(publicDir, `manifests/${locale}.webmanifest`),
    `${JSON.stringify(manifestFor(locale), null, 2)}\n`,
  );
}

// The static page the service worker shows when a page cannot load offline. No script
// (the CSP allows none inline): the button submits an empty GET form to the same address,
// i.e. loads the page again.
const OFFLINE_TEXTS = {
  en: [
    'You are offline',
    'Marco cannot open this page without a connection. Check your Wi-Fi or mobile data and try again.',
    'Try again',
  ],
  tr: [
    'İnternet bağlantınız yok',
    'Marco bu sayfayı bağlantı olmadan açamıyor. Wi-Fi veya mobil verinizi kontrol edip tekrar deneyin.',
    'Tekrar dene',
  ],
  ar: [
    'أنت غير متصل بالإنترنت',
    'لا يستطيع Marco فتح هذه الصفحة دون اتصال. تحقّق من شبكة Wi-Fi أو بيانات الجوّال ثم حاول مرة أخرى.',
    'حاول مرة أخرى',
  ],
  de: [
    'Du bist offline',
    'Marco kann diese Seite ohne Internetverbindung nicht öffnen. Prüf dein WLAN oder deine mobilen Daten und versuch es erneut.',
    'Erneut versuchen',
  ],
  es: [
    'Estás sin conexión',
    'Marco no puede abrir esta página sin conexión. Comprueba tu wifi o tus datos móviles e inténtalo de nuevo.',
    'Reintentar',
  ],
  fr: [
    'Vous êtes hors ligne',
    'Marco ne peut pas ouvrir cette page sans connexion. Vérifiez votre Wi-Fi ou vos données mobiles, puis réessayez.',
    'Réessayer',
  ],
  it: [
    'Sei offline',
    'Marco non può aprire questa pagina senza connessione. Controlla il Wi-Fi o i dati mobili e riprova.',
    'Riprova',
  ],
  ru: [
    'Нет подключения к интернету',
    'Marco не может открыть эту страницу без подключения. Проверьте Wi-Fi или мобильный интернет и попробуйте снова.',
    'Повторить',
  ],
};

const offlineHtml = (locale, [title, text, button]) => `<!doctype html>
<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="${THEME}">
<title>${title} · Marco</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  *{box-sizing:border-box}
  body{margin:0;min-height:100dvh;display:flex;align-items:center;justify-content:center;padding:24px;background:${BACKGROUND};color:#222a33;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic","Geeza Pro",Tahoma,Arial,sans-serif;text-align:center}
  main{max-width:28rem}
  svg{width:64px;height:64px}
  h1{margin:24px 0 0;font-size:1.75rem;line-height:1.2;color:#131a21}
  p{margin:12px 0 0;font-size:1.0625rem;line-height:1.6;color:#4a5562}
  form{margin:28px 0 0}
  button{font:inherit;border:0;cursor:pointer;padding:12px 28px;border-radius:10px;background:${THEME};color:#fff;font-weight:600}
  button:focus-visible{outline:2px solid #279f93;outline-offset:2px}
</style>
</head>
<body>
<main>
${roundedIcon
  .replace('<svg ', '<svg aria-hidden="true" ')
  .replace(/<title>.*?<\/title>/, '')
  .trim()}
<h1>${title}</h1>
<p>${text}</p>
<form method="get"><button type="submit">${button}</button></form>
</main>
</body>
</html>
`;

fs.mkdirSync(path.join(publicDir, 'offline'), { recursive: true });
for (const [locale, texts] of Object.entries(OFFLINE_TEXTS)) {
  fs.writeFileSync(path.join(publicDir, `offline/${locale}.html`), offlineHtml(locale, texts));
}

const coversDir = path.join(publicDir, 'blog/covers');
if (fs.existsSync(coversDir)) {
  for (const file of fs.readdirSync(coversDir).filter((name) => name.endsWith('.svg'))) {
    await sharp(path.join(coversDir, file), { density: 96 })
      .resize(1200, 630)
      .png({ compressionLevel: 9, palette: false })
      .toFile(path.join(coversDir, file.replace(/\.svg$/, '.png')));
  }
}
// Keep the generated files in the repository's format (Biome), so `biome check` stays clean.
const biome = path.resolve(import.meta.dirname, '../../../node_modules/.bin/biome');
if (fs.existsSync(biome)) {
  execFileSync(
    biome,
    ['format', '--write', path.join(publicDir, 'manifest.webmanifest'), path.join(publicDir, 'manifests')],
    {
      stdio: 'ignore',
    },
  );
}
console.log('PWA icons, manifests, offline pages and cover images written to', publicDir);
