import { createHash } from 'node:crypto';
import { isLocale, type Locale } from '@marco/contract/locales';
import type { SandboxCheckout } from '../../platform/payments/sandbox.js';
import { formatMoney } from '../notifications/notice.js';

const TEXT: Record<
  Locale,
  { title: string; notice: string; amount: string; guide: string; pay: string; fail: string; closed: string }
> = {
  en: {
    title: 'Marco test checkout',
    notice: 'This is a test payment page. No card is charged and no money moves.',
    amount: 'Amount',
    guide: 'Guide',
    pay: 'Pay (succeeds)',
    fail: 'Fail',
    closed: 'This checkout is already finished.',
  },
  tr: {
    title: 'Marco test ödemesi',
    notice: 'Bu bir test ödeme sayfasıdır. Karttan ücret alınmaz, para hareketi olmaz.',
    amount: 'Tutar',
    guide: 'Rehber',
    pay: 'Öde (başarılı)',
    fail: 'Başarısız',
    closed: 'Bu ödeme zaten tamamlandı.',
  },
  ar: {
    title: 'صفحة الدفع التجريبية من Marco',
    notice: 'هذه صفحة دفع تجريبية. لن تُخصم أي مبالغ من البطاقة ولن تُحوَّل أي أموال.',
    amount: 'المبلغ',
    guide: 'المرشد',
    pay: 'ادفع (ناجح)',
    fail: 'فشل',
    closed: 'عملية الدفع هذه انتهت بالفعل.',
  },
  de: {
    title: 'Marco-Testkasse',
    notice: 'Dies ist eine Test-Zahlungsseite. Es wird keine Karte belastet und kein Geld bewegt.',
    amount: 'Betrag',
    guide: 'Guide',
    pay: 'Bezahlen (erfolgreich)',
    fail: 'Fehlschlagen',
    closed: 'Dieser Bezahlvorgang ist bereits abgeschlossen.',
  },
  es: {
    title: 'Pago de prueba de Marco',
    notice: 'Esta es una página de pago de prueba. No se cobra ninguna tarjeta ni se mueve dinero.',
    amount: 'Importe',
    guide: 'Guía',
    pay: 'Pagar (con éxito)',
    fail: 'Fallar',
    closed: 'Este pago ya ha finalizado.',
  },
  fr: {
    title: 'Paiement de test Marco',
    notice: 'Ceci est une page de paiement de test. Aucune carte n’est débitée et aucun argent ne circule.',
    amount: 'Montant',
    guide: 'Guide',
    pay: 'Payer (réussi)',
    fail: 'Échouer',
    closed: 'Ce paiement est déjà terminé.',
  },
  it: {
    title: 'Pagamento di prova Marco',
    notice: 'Questa è una pagina di pagamento di prova. Nessuna carta viene addebitata e non si muove denaro.',
    amount: 'Importo',
    guide: 'Guida',
    pay: 'Paga (riesce)',
    fail: 'Fallisci',
    closed: 'Questo pagamento è già concluso.',
  },
  ru: {
    title: 'Тестовая оплата Marco',
    notice: 'Это тестовая страница оплаты. С карты ничего не списывается, деньги не переводятся.',
    amount: 'Сумма',
    guide: 'Гид',
    pay: 'Оплатить (успешно)',
    fail: 'Отказ',
    closed: 'Эта оплата уже завершена.',
  },
};

const STYLE = `
body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1f2933; margin: 0; padding: 24px; }
main { max-width: 420px; margin: 40px auto; background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 1px 4px rgb(0 0 0 / 0.1); }
h1 { font-size: 1.25rem; margin: 0 0 8px; }
p.notice { color: #52606d; font-size: 0.9rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 20px 0; }
dt { color: #52606d; }
dd { margin: 0; font-weight: 600; }
form { display: flex; gap: 12px; flex-wrap: wrap; }
button { flex: 1; font: inherit; padding: 12px; border-radius: 8px; border: 0; cursor: pointer; }
button[value="succeed"] { background: #0f766e; color: #fff; }
button[value="fail"] { background: #e4e7eb; color: #1f2933; }
`;

/**
 * The Content-Security-Policy source that lets the page's one style block apply: the site's
 * policy allows no inline style otherwise, and the page is plain HTML without a build.
 */
export const SANDBOX_CHECKOUT_STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The sandbox's hosted checkout: amount, guide, and the two outcomes, posted back to `action`. */
export function renderSandboxCheckout(checkout: SandboxCheckout, action: string): string {
  const locale: Locale = isLocale(checkout.locale) ? checkout.locale : 'en';
  const text = TEXT[locale];
  const open = checkout.status === 'open';
  const amount = formatMoney(checkout.amountMinor, checkout.currency, locale);
  const guide = checkout.metadata.guideName ?? '';
  return `<!doctype html>
<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(text.title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(text.title)}</h1>
<p class="notice">${escapeHtml(text.notice)}</p>
<dl>
<dt>${escapeHtml(text.amount)}</dt><dd>${escapeHtml(amount)}</dd>
<dt>${escapeHtml(text.guide)}</dt><dd>${escapeHtml(guide)}</dd>
</dl>
${
  open
    ? `<form method="post" action="${escapeHtml(action)}">
<button type="submit" name="outcome" value="succeed">${escapeHtml(text.pay)}</button>
<button type="submit" name="outcome" value="fail">${escapeHtml(text.fail)}</button>
</form>`
    : `<p>${escapeHtml(text.closed)}</p>`
}
</main>
</body>
</html>`;
}
