/**
 * The operator's details, written into the legal texts wherever they say `{{name}}`, so
 * they are kept in one place. Confirm them against the company's registration before
 * launch; the texts need no change when they do.
 */
export const COMPANY = {
  companyName: 'Marco Seyahat Teknolojileri A.Ş.',
  companyAddress: 'Maslak Mahallesi, Büyükdere Caddesi No. 237, 34485 Sarıyer, İstanbul, Türkiye',
  supportEmail: 'support@marco.travel',
  privacyEmail: 'privacy@marco.travel',
  kepAddress: 'marcoseyahat@hs01.kep.tr',
  euRepresentativeEmail: 'eu-representative@marco.travel',
} as const satisfies Record<string, string>;
