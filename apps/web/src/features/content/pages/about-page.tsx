import {
  ArrowRight,
  BadgeCheck,
  CalendarClock,
  CreditCard,
  Handshake,
  Languages,
  LifeBuoy,
  Lock,
  MessagesSquare,
  Scale,
  Star,
} from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { ButtonLink } from '@/components/ui/button-link';
import { LocalizedLink } from '@/i18n/localized-link';
import { SupportForm } from '../components/support-form';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

function SectionHeading({ id, title, intro }: { id: string; title: string; intro?: string }) {
  return (
    <div className="max-w-3xl">
      <h2 id={id} className="text-headline font-bold text-neutral-900">
        {title}
      </h2>
      {intro ? <p className="mt-3 text-lg leading-relaxed text-neutral-600">{intro}</p> : null}
    </div>
  );
}

function Steps({ steps }: { steps: Array<{ title: string; text: string }> }) {
  return (
    <ol className="mt-6 flex flex-col gap-5">
      {steps.map((step, index) => (
        <li key={step.title} className="flex gap-4">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
            {index + 1}
          </span>
          <div>
            <h4 className="font-semibold text-neutral-900">{step.title}</h4>
            <p className="mt-1 text-sm leading-relaxed text-neutral-600">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

function FeatureGrid({ items }: { items: Array<{ icon: Icon; title: string; text: string }> }) {
  return (
    <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {items.map(({ icon: ItemIcon, title, text }) => (
        <li key={title} className="rounded-card border border-neutral-200 bg-surface p-6 shadow-card">
          <span className="flex size-10 items-center justify-center rounded-control bg-brand-50 text-brand-700">
            <ItemIcon aria-hidden="true" className="size-5" />
          </span>
          <h3 className="mt-4 font-semibold text-neutral-900">{title}</h3>
          <p className="mt-1.5 text-sm leading-relaxed text-neutral-600">{text}</p>
        </li>
      ))}
    </ul>
  );
}

export function AboutPage() {
  const { t } = useTranslation('content');
  useScrollToHash(true);

  const values = [
    { icon: Languages, title: t('about.values.languageTitle'), text: t('about.values.languageText') },
    { icon: CalendarClock, title: t('about.values.hourTitle'), text: t('about.values.hourText') },
    { icon: Scale, title: t('about.values.fairTitle'), text: t('about.values.fairText') },
  ];
  const travellerSteps = (['search', 'request', 'pay', 'meet'] as const).map((step) => ({
    title: t(`about.travellerSteps.${step}Title`),
    text: t(`about.travellerSteps.${step}Text`),
  }));
  const guideSteps = (['apply', 'verify', 'setup', 'earn'] as const).map((step) => ({
    title: t(`about.guideSteps.${step}Title`),
    text: t(`about.guideSteps.${step}Text`),
  }));
  const trust = [
    { icon: BadgeCheck, title: t('about.trust.verifiedTitle'), text: t('about.trust.verifiedText') },
    { icon: CreditCard, title: t('about.trust.paymentsTitle'), text: t('about.trust.paymentsText') },
    { icon: CalendarClock, title: t('about.trust.cancellationTitle'), text: t('about.trust.cancellationText') },
    { icon: Star, title: t('about.trust.reviewsTitle'), text: t('about.trust.reviewsText') },
    { icon: MessagesSquare, title: t('about.trust.messagesTitle'), text: t('about.trust.messagesText') },
    { icon: Lock, title: t('about.trust.dataTitle'), text: t('about.trust.dataText') },
  ];
  const trustLinks = [
    { to: '/policy/community', label: t('legal.documents.community') },
    { to: '/policy/cancellation', label: t('legal.documents.cancellation') },
    { to: '/policy/payments', label: t('legal.documents.payments') },
    { to: '/agreements/kvkk', label: t('legal.documents.kvkk') },
  ];
  const helpLinks = [
    { to: '/policy/cancellation', label: t('about.support.linkCancellation') },
    { to: '/policy/payments', label: t('about.support.linkPayments') },
    { to: '/agreements/kvkk#rights', label: t('about.support.linkData') },
    { to: '/policy/community', label: t('about.support.linkCommunity') },
  ];

  return (
    <PageShell>
      <PageIntro eyebrow={t('about.eyebrow')} title={t('about.title')} intro={t('about.intro')} />

      <section aria-labelledby="about-who" className="mt-16">
        <SectionHeading id="about-who" title={t('about.whoTitle')} />
        <div className="mt-4 grid max-w-3xl gap-4 text-lg leading-relaxed text-neutral-700">
          <p>{t('about.whoText1')}</p>
          <p>{t('about.whoText2')}</p>
        </div>
        <FeatureGrid items={values} />
      </section>

      <section aria-labelledby="about-how" className="mt-20">
        <SectionHeading id="about-how" title={t('about.howTitle')} intro={t('about.howIntro')} />
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          <div className="rounded-panel border border-neutral-200 bg-surface p-6 shadow-card sm:p-8">
            <h3 className="flex items-center gap-2 text-xl font-bold text-neutral-900">
              <Languages aria-hidden="true" className="size-5 text-brand-700" />
              {t('about.travellersTitle')}
            </h3>
            <Steps steps={travellerSteps} />
            <ButtonLink to="/guides" variant="outline" className="mt-8">
              {t('about.travellersCta')}
            </ButtonLink>
          </div>
          <div className="rounded-panel border border-neutral-200 bg-surface p-6 shadow-card sm:p-8">
            <h3 className="flex items-center gap-2 text-xl font-bold text-neutral-900">
              <Handshake aria-hidden="true" className="size-5 text-brand-700" />
              {t('about.guidesTitle')}
            </h3>
            <Steps steps={guideSteps} />
            <ButtonLink to="/beguide" variant="outline" className="mt-8">
              {t('about.guidesCta')}
            </ButtonLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="about-trust" className="mt-20">
        <SectionHeading id="about-trust" title={t('about.trustTitle')} intro={t('about.trustIntro')} />
        <FeatureGrid items={trust} />
        <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
          {trustLinks.map((link) => (
            <li key={link.to}>
              <LocalizedLink
                to={link.to}
                className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-900"
              >
                {link.label}
                <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
              </LocalizedLink>
            </li>
          ))}
        </ul>
      </section>

      <section
        id="support"
        aria-labelledby="support-title"
        className="mt-20 scroll-mt-24 rounded-panel border border-neutral-200 bg-surface p-6 shadow-card sm:p-10"
      >
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <LifeBuoy aria-hidden="true" className="size-5" />
          </span>
          <h2 id="support-title" className="text-2xl font-bold text-neutral-900">
            {t('about.support.title')}
          </h2>
        </div>
        <p className="mt-4 max-w-3xl leading-relaxed text-neutral-600">{t('about.support.text')}</p>
        <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <SupportForm />
          <aside aria-labelledby="support-help" className="rounded-card bg-canvas p-6">
            <h3 id="support-help" className="font-semibold text-neutral-900">
              {t('about.support.helpTitle')}
            </h3>
            <ul className="mt-4 flex flex-col gap-3">
              {helpLinks.map((link) => (
                <li key={link.to}>
                  <LocalizedLink
                    to={link.to}
                    className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-900"
                  >
                    <ArrowRight aria-hidden="true" className="size-4 shrink-0 rtl:rotate-180" />
                    {link.label}
                  </LocalizedLink>
                </li>
              ))}
            </ul>
            <p className="mt-6 text-sm leading-relaxed text-neutral-600">{t('about.support.emergency')}</p>
          </aside>
        </div>
      </section>
    </PageShell>
  );
}
