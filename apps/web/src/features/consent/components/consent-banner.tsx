import type { ConsentChoices } from '@marco/contract/legal';
import { Cookie } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/use-toast';
import { LocalizedLink } from '@/i18n/localized-link';
import {
  ALL_CONSENT,
  NO_CONSENT,
  openConsentSettings,
  saveConsent,
  useConsent,
  useConsentSettingsOpen,
} from '@/lib/consent';
import { describeError } from '@/lib/describe-error';
import { useConsentServerSync } from '../hooks/use-consent-server-sync';

/**
 * First-visit banner (spec §2). It does not block the page; until the visitor answers,
 * every optional purpose stays off. Accept and reject are equally prominent.
 */
export function ConsentBanner() {
  const { t } = useTranslation('consent');
  // Error titles come from the `errors` catalog through the default namespace's t.
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const { hasDecided } = useConsent();
  const isSettingsOpen = useConsentSettingsOpen();
  const titleId = useId();
  const textId = useId();
  // The banner is on every page, so it also keeps a member's choice in step with the server.
  const { isSettled } = useConsentServerSync();

  if (!isSettled || hasDecided || isSettingsOpen) return null;

  const decide = (choices: ConsentChoices) => {
    saveConsent(choices).catch((error: unknown) => toast({ color: 'error', ...describeError(error, tDefault) }));
  };

  // The server renders it into a visitor's page; in a browser without JavaScript its buttons
  // could not answer, and nothing optional would run to ask about: it stays hidden there.
  return (
    <section
      aria-labelledby={titleId}
      aria-describedby={textId}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-40 p-3 noscript:hidden sm:p-5"
    >
      <div className="pointer-events-auto mx-auto max-w-4xl rounded-panel border border-neutral-200 bg-surface p-4 shadow-overlay motion-safe:animate-fade-in sm:p-6">
        <div className="flex gap-4">
          <span className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-accent-100 text-accent-700 sm:flex">
            <Cookie aria-hidden="true" className="size-5" />
          </span>
          <div className="flex-1">
            <h2 id={titleId} className="text-base font-semibold text-neutral-900">
              {t('banner.title')}
            </h2>
            <p id={textId} className="mt-1.5 text-sm leading-relaxed text-neutral-600">
              {t('banner.text')}{' '}
              <LocalizedLink to="/policy/cookies" className="font-medium text-brand-700 underline underline-offset-2">
                {t('banner.policyLink')}
              </LocalizedLink>
            </p>
          </div>
        </div>
        <div className="mt-4 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:justify-end">
          <Button variant="outline" onClick={openConsentSettings} className="order-last col-span-2 sm:order-none">
            {t('banner.customise')}
          </Button>
          <Button onClick={() => decide(NO_CONSENT)} className="whitespace-normal">
            {t('banner.rejectAll')}
          </Button>
          <Button onClick={() => decide(ALL_CONSENT)} className="whitespace-normal">
            {t('banner.acceptAll')}
          </Button>
        </div>
      </div>
    </section>
  );
}
