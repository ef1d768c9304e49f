import { directionOf, type Locale } from '@marco/contract/locales';

/**
 * The notice every page of a public demo site (DEMO_SITE=true) carries, written by the server
 * into the HTML so it shows before the app loads and without JavaScript. Styled by
 * `.demo-site-banner` in the web app's styles.css.
 */
export const DEMO_BANNER_TEXTS: Record<Locale, string> = {
  en: 'Demo site — no real payments, messages are not sent',
  tr: 'Demo sitesi — gerçek ödeme alınmaz, mesajlar gönderilmez',
  ar: 'موقع تجريبي — لا مدفوعات حقيقية، والرسائل لا تُرسَل',
  de: 'Demo-Website – keine echten Zahlungen, Nachrichten werden nicht versendet',
  es: 'Sitio de demostración: sin pagos reales, los mensajes no se envían',
  fr: 'Site de démonstration — aucun paiement réel, les messages ne sont pas envoyés',
  it: 'Sito dimostrativo — nessun pagamento reale, i messaggi non vengono inviati',
  ru: 'Демонстрационный сайт — без реальных платежей, сообщения не отправляются',
};

/** Puts the demo-site notice at the top of the page's body. */
export function injectDemoBanner(html: string, locale: Locale): string {
  const banner = `<div class="demo-site-banner" role="note" lang="${locale}" dir="${directionOf(locale)}">${DEMO_BANNER_TEXTS[locale]}</div>`;
  return html.replace(/<body[^>]*>/i, (body) => `${body}${banner}`);
}
