import { CalendarCheck, Languages, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HeroSearchForm } from './hero-search-form';

export function HeroSection() {
  const { t } = useTranslation('home');
  const trust = [
    { icon: Languages, label: t('hero.trust.language') },
    { icon: CalendarCheck, label: t('hero.trust.cancellation') },
    { icon: ShieldCheck, label: t('hero.trust.payment') },
  ];

  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-brand-900 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_15%_20%,var(--color-brand-600)_0,transparent_45%),radial-gradient(circle_at_88%_8%,color-mix(in_oklab,var(--color-accent-500)_45%,transparent)_0,transparent_38%),linear-gradient(160deg,var(--color-brand-800),var(--color-brand-950))]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 opacity-[0.12] [background-image:radial-gradient(white_1px,transparent_1px)] [background-size:22px_22px]"
      />
      <div className="mx-auto max-w-page px-4 pt-16 pb-20 sm:px-6 sm:pt-20 lg:px-8 lg:pt-28 lg:pb-28">
        <div className="max-w-3xl">
          <p className="inline-flex items-center rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100 ring-1 ring-white/15">
            {t('hero.eyebrow')}
          </p>
          <h1 id="hero-title" className="mt-5 text-display font-extrabold text-balance">
            {t('hero.title')}
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-brand-100/90 sm:text-xl">{t('hero.subtitle')}</p>
        </div>
        <div className="mt-10">
          <HeroSearchForm />
        </div>
        <ul className="mt-8 flex flex-wrap gap-x-8 gap-y-3 text-sm text-brand-100">
          {trust.map(({ icon: Icon, label }) => (
            <li key={label} className="flex items-center gap-2">
              <Icon aria-hidden="true" className="size-4 text-accent-300" />
              {label}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
