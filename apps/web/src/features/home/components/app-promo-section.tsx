import { CircleCheck, Download, Languages, Share, ShieldCheck, Smartphone, SquarePlus, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CityArtwork } from '@/components/destinations/city-artwork';
import { LogoMark } from '@/components/logo-mark';
import { Button } from '@/components/ui/button';
import { type InstallMode, useInstallPrompt } from '@/hooks/use-install-prompt';
import { cn } from '@/lib/cn';

function PhoneMockup() {
  const { t } = useTranslation('home');
  return (
    <div aria-hidden="true" className="relative mx-auto w-60 sm:w-64">
      <div className="absolute -inset-8 -z-10 rounded-full bg-accent-400/30 blur-3xl" />
      <div className="rounded-[2.5rem] border-[10px] border-neutral-900 bg-neutral-900 shadow-overlay">
        <div className="overflow-hidden rounded-[1.8rem] bg-canvas">
          <div className="flex items-center gap-2 px-4 pt-5 pb-3">
            <LogoMark className="size-6" />
            <span className="h-2 w-16 rounded-full bg-neutral-200" />
          </div>
          <div className="mx-3 h-32 overflow-hidden rounded-2xl">
            <CityArtwork cityKey="marco-app" />
          </div>
          <div className="px-4 pt-4">
            <p className="text-sm font-bold text-neutral-900">{t('app.mockupTitle')}</p>
            <p className="text-xs text-neutral-500">{t('app.mockupSubtitle')}</p>
          </div>
          <div className="flex flex-col gap-2 px-3 pt-3 pb-6">
            {[0, 1, 2].map((row) => (
              <div key={row} className="flex items-center gap-3 rounded-xl bg-surface p-2.5 shadow-card">
                <span className="size-8 rounded-full bg-brand-100" />
                <span className="flex-1">
                  <span className="block h-2 w-20 rounded-full bg-neutral-200" />
                  <span className="mt-1.5 block h-2 w-12 rounded-full bg-neutral-100" />
                </span>
                <span className="h-5 w-10 rounded-full bg-accent-100" />
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

/** iOS has no install prompt: the visitor adds Marco from Safari's Share menu. */
function IosInstructions() {
  const { t } = useTranslation('pwa');
  const steps = [
    { icon: Share, text: t('install.iosStep1') },
    { icon: SquarePlus, text: t('install.iosStep2') },
    { icon: CircleCheck, text: t('install.iosStep3') },
  ];
  return (
    <div className="mt-4">
      <h4 className="text-sm font-semibold text-neutral-900">{t('install.iosTitle')}</h4>
      <ol className="mt-2 flex flex-col gap-2">
        {steps.map(({ icon: Icon, text }, index) => (
          <li key={text} className="flex items-start gap-2 text-sm text-neutral-700">
            <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-semibold text-brand-800">
              {index + 1}
            </span>
            <span className="pt-0.5">
              {text}
              <Icon aria-hidden="true" className="ms-1.5 inline size-4 align-text-bottom text-brand-700" />
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function InstallHint({ mode }: { mode: InstallMode }) {
  const { t } = useTranslation('pwa');
  if (mode === 'ios') return <IosInstructions />;
  if (mode === 'installed') {
    return (
      <p className="mt-2 flex items-center gap-1.5 text-sm font-medium text-success-700">
        <CircleCheck aria-hidden="true" className="size-4" />
        {t('install.installed')}
      </p>
    );
  }
  return null;
}

/** spec §1: the mobile app is multilingual, with instant reservation and secure payment. */
export function AppPromoSection() {
  const { t } = useTranslation('home');
  const { mode, canInstall, install } = useInstallPrompt();
  const points = [
    { icon: Languages, title: t('app.multilingualTitle'), text: t('app.multilingualText') },
    { icon: Zap, title: t('app.instantTitle'), text: t('app.instantText') },
    { icon: ShieldCheck, title: t('app.secureTitle'), text: t('app.secureText') },
  ];

  return (
    <section aria-labelledby="app-title" className="bg-brand-50/70 py-section">
      <div className="mx-auto grid max-w-page items-center gap-14 px-4 sm:px-6 lg:grid-cols-[1.2fr_1fr] lg:px-8">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t('app.eyebrow')}</p>
          <h2 id="app-title" className="mt-3 text-headline font-bold text-neutral-900">
            {t('app.title')}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-neutral-600">{t('app.subtitle')}</p>
          <ul className="mt-8 grid gap-6 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
            {points.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <span className="flex size-10 items-center justify-center rounded-control bg-surface text-brand-700 shadow-card">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="mt-3 font-semibold text-neutral-900">{title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-neutral-600">{text}</p>
              </li>
            ))}
          </ul>
          <div
            className={cn(
              'mt-10 flex flex-col gap-4 rounded-card border border-brand-100 bg-surface p-5 sm:flex-row',
              mode === 'ios' ? 'sm:items-start' : 'sm:items-center',
            )}
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-100 text-accent-700">
              <Smartphone aria-hidden="true" className="size-5" />
            </span>
            <div className="flex-1">
              <h3 className="font-semibold text-neutral-900">{t('app.installTitle')}</h3>
              {mode === 'installed' ? null : <p className="mt-1 text-sm text-neutral-600">{t('app.installText')}</p>}
              <InstallHint mode={mode} />
            </div>
            {canInstall ? (
              <Button onClick={() => void install()} className="shrink-0">
                <Download aria-hidden="true" />
                {t('app.installButton')}
              </Button>
            ) : null}
          </div>
        </div>
        <PhoneMockup />
      </div>
    </section>
  );
}
