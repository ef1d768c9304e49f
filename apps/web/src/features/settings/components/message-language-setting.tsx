import type { MyProfile } from '@marco/contract/accounts';
import { isLocale, LOCALES, type Locale } from '@marco/contract/locales';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/use-toast';
import { LOCALE_NATIVE_NAMES } from '@/i18n/locale';
import { useLocale } from '@/i18n/use-locale';
import { describeError } from '@/lib/describe-error';
import { useSaveProfile } from '../hooks/use-save-profile';

/**
 * The language of the user's e-mails, SMS and push notifications. Until one is chosen the
 * server writes in the language last used in the app, which is the one shown here.
 */
export function MessageLanguageSetting({ profile }: { profile: MyProfile }) {
  const { t } = useTranslation('settings');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const id = useId();
  const appLocale = useLocale();
  const { save } = useSaveProfile();
  const [pending, setPending] = useState<Locale | null>(null);
  const selected = pending ?? profile.locale ?? appLocale;

  const choose = async (value: string) => {
    if (!isLocale(value)) return;
    setPending(value);
    try {
      await save({ locale: value }, profile.concurrencyStamp);
      toast({ color: 'success', title: t('language.saved') });
    } catch (error) {
      toast({ color: 'error', ...describeError(error, tDefault) });
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="mb-6 flex flex-col gap-2 border-b border-neutral-100 pb-6 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div>
        <label htmlFor={id} className="font-medium text-neutral-900">
          {t('language.label')}
        </label>
        <p id={`${id}-hint`} className="text-sm text-neutral-500">
          {profile.locale ? t('language.hintChosen') : t('language.hintLastUsed')}
        </p>
      </div>
      <Select
        id={id}
        aria-describedby={`${id}-hint`}
        value={selected}
        disabled={pending !== null}
        onChange={(event) => void choose(event.target.value)}
        wrapperClassName="sm:w-56 shrink-0"
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NATIVE_NAMES[code]}
          </option>
        ))}
      </Select>
    </div>
  );
}
