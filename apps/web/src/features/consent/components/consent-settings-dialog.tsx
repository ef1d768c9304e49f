import { CONSENT_PURPOSES, type ConsentChoices, type ConsentPurpose } from '@marco/contract/legal';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Switch } from '@/components/ui/switch';
import { useToast } from '@/components/ui/use-toast';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import {
  ALL_CONSENT,
  closeConsentSettings,
  NO_CONSENT,
  saveConsent,
  useConsent,
  useConsentSettingsOpen,
} from '@/lib/consent';
import { describeError } from '@/lib/describe-error';

function PurposeRow({
  purpose,
  checked,
  onChange,
}: {
  purpose: ConsentPurpose;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('consent');
  const inputId = useId();
  const textId = useId();
  return (
    <li className="flex items-start gap-4 py-4">
      <div className="flex-1">
        <label htmlFor={inputId} className="font-semibold text-neutral-900">
          {t(`settings.purposes.${purpose}.title`)}
        </label>
        <p id={textId} className="mt-1 text-sm leading-relaxed text-neutral-600">
          {t(`settings.purposes.${purpose}.text`)}
        </p>
      </div>
      <Switch
        id={inputId}
        checked={checked}
        aria-describedby={textId}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5"
      />
    </li>
  );
}

/** The settings of spec §2's three choices; reachable from the banner and the footer. */
export function ConsentSettingsDialog() {
  const { t } = useTranslation('consent');
  // Error titles come from the `errors` catalog through the default namespace's t.
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const locale = useLocale();
  const isOpen = useConsentSettingsOpen();
  const { choices, record } = useConsent();
  // Unsaved changes; null shows what is stored, so every opening starts from the stored choice.
  const [draft, setDraft] = useState<ConsentChoices | null>(null);
  const shown = draft ?? choices;
  const necessaryId = useId();

  const close = () => {
    setDraft(null);
    closeConsentSettings();
  };

  const save = (next: ConsentChoices) => {
    saveConsent(next).then(
      () => {
        close();
        toast({ color: 'success', title: t('settings.savedTitle'), description: t('settings.savedText') });
      },
      (error: unknown) => {
        close();
        toast({ color: 'error', ...describeError(error, tDefault) });
      },
    );
  };

  const savedOn = record
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(record.time))
    : null;

  return (
    <Dialog
      open={isOpen}
      onClose={close}
      title={t('settings.title')}
      description={t('settings.intro')}
      footer={
        <>
          <Button variant="outline" onClick={() => save(NO_CONSENT)}>
            {t('settings.rejectAll')}
          </Button>
          <Button variant="outline" onClick={() => save(ALL_CONSENT)}>
            {t('settings.acceptAll')}
          </Button>
          <Button onClick={() => save(shown)}>{t('settings.save')}</Button>
        </>
      }
    >
      <ul className="divide-y divide-neutral-100">
        <li className="flex items-start gap-4 pb-4">
          <div className="flex-1">
            <p id={necessaryId} className="font-semibold text-neutral-900">
              {t('settings.necessaryTitle')}
            </p>
            <p className="mt-1 text-sm leading-relaxed text-neutral-600">{t('settings.necessaryText')}</p>
          </div>
          <span className="mt-0.5 shrink-0 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-800">
            {t('settings.alwaysOn')}
          </span>
        </li>
        {CONSENT_PURPOSES.map((purpose) => (
          <PurposeRow
            key={purpose}
            purpose={purpose}
            checked={shown[purpose]}
            onChange={(checked) => setDraft({ ...shown, [purpose]: checked })}
          />
        ))}
      </ul>
      <p className="mt-4 text-sm text-neutral-600">
        {savedOn ? `${t('settings.savedOn', { date: savedOn })} ` : null}
        <LocalizedLink
          to="/policy/cookies"
          onClick={close}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          {t('settings.policyLink')}
        </LocalizedLink>
      </p>
    </Dialog>
  );
}
