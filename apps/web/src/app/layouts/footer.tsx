import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NewsletterForm } from '@/features/content/components/newsletter-form';
import { LocalizedLink } from '@/i18n/localized-link';
import { openConsentSettings } from '@/lib/consent';
import { Logo } from './logo';

const LINK_GROUPS = [
  {
    titleKey: 'footer.discover',
    links: [
      { to: '/guides', labelKey: 'nav.guides' },
      { to: '/explore', labelKey: 'nav.explore' },
      { to: '/blog', labelKey: 'nav.blog' },
    ],
  },
  {
    titleKey: 'footer.company',
    links: [
      { to: '/about', labelKey: 'footer.aboutUs' },
      { to: '/about#support', labelKey: 'footer.support' },
      { to: '/beguide', labelKey: 'nav.becomeGuide' },
    ],
  },
  {
    titleKey: 'footer.legal',
    links: [
      { to: '/agreements', labelKey: 'footer.terms' },
      { to: '/agreements#privacy', labelKey: 'footer.privacy' },
      { to: '/agreements/kvkk', labelKey: 'footer.kvkk' },
      { to: '/policy/cancellation', labelKey: 'footer.cancellation' },
    ],
  },
] as const;

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();

  return (
    <footer className="bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-page gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[1.2fr_2fr] lg:px-8">
        <div className="flex flex-col gap-6">
          <Logo inverted />
          <p className="max-w-sm text-sm leading-relaxed text-brand-100/80">{t('brand.tagline')}</p>
          <p className="flex items-center gap-2 text-sm text-brand-100/90">
            <ShieldCheck aria-hidden="true" className="size-4 text-accent-300" />
            {t('footer.freeCancellation')}
          </p>
        </div>
        <div className="grid gap-10 sm:grid-cols-3 lg:grid-cols-[repeat(3,minmax(0,1fr))]">
          {LINK_GROUPS.map((group) => (
            <nav key={group.titleKey} aria-label={t(group.titleKey)}>
              <h2 className="text-sm font-semibold text-white">{t(group.titleKey)}</h2>
              <ul className="mt-4 flex flex-col gap-3">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <LocalizedLink
                      to={link.to}
                      className="text-sm text-brand-100/80 transition-colors hover:text-white"
                    >
                      {t(link.labelKey)}
                    </LocalizedLink>
                  </li>
                ))}
                {group.titleKey === 'footer.legal' ? (
                  <>
                    <li>
                      <LocalizedLink
                        to="/policy/cookies"
                        className="text-sm text-brand-100/80 transition-colors hover:text-white"
                      >
                        {t('banner.policyLink', { ns: 'consent' })}
                      </LocalizedLink>
                    </li>
                    <li>
                      {/* spec §2: consent is as easy to withdraw as to give, from every page. */}
                      <button
                        type="button"
                        onClick={openConsentSettings}
                        className="text-start text-sm text-brand-100/80 transition-colors hover:text-white"
                      >
                        {t('footerLink', { ns: 'consent' })}
                      </button>
                    </li>
                  </>
                ) : null}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="mx-auto max-w-page px-4 sm:px-6 lg:px-8">
        <div className="rounded-panel bg-white/5 p-6 sm:p-8">
          <NewsletterForm />
        </div>
      </div>
      <div className="mx-auto max-w-page px-4 py-8 text-sm text-brand-100/60 sm:px-6 lg:px-8">
        {t('footer.copyright', { year })}
      </div>
    </footer>
  );
}
