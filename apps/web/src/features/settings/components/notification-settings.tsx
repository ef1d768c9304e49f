import type { MyProfile, NotificationPreferences } from '@marco/contract/accounts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '@/components/ui/switch';
import { useToast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/describe-error';
import { useSaveProfile } from '../hooks/use-save-profile';

const PREFERENCES = ['ads', 'messages', 'appUpdates'] as const satisfies ReadonlyArray<keyof NotificationPreferences>;

/** spec §3: ads, messages and app updates; each switch saves at once. */
export function NotificationSettings({ profile }: { profile: MyProfile }) {
  const { t } = useTranslation('settings');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const { save } = useSaveProfile();
  // The switch moves at once; it moves back if the server refuses.
  const [pending, setPending] = useState<Partial<NotificationPreferences>>({});
  const isSaving = Object.keys(pending).length > 0;

  const toggle = async (key: keyof NotificationPreferences, value: boolean) => {
    setPending({ [key]: value });
    try {
      await save({ notificationPreferences: { [key]: value } }, profile.concurrencyStamp);
      toast({ color: 'success', title: t('notifications.saved') });
    } catch (error) {
      toast({ color: 'error', ...describeError(error, tDefault) });
    } finally {
      setPending({});
    }
  };

  return (
    <ul className="divide-y divide-neutral-100">
      {PREFERENCES.map((key) => {
        const id = `notifications-${key}`;
        return (
          <li key={key} className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
            <div>
              <label htmlFor={id} className="font-medium text-neutral-900">
                {t(`notifications.${key}`)}
              </label>
              <p id={`${id}-hint`} className="text-sm text-neutral-500">
                {t(`notifications.${key}Hint`)}
              </p>
            </div>
            <Switch
              id={id}
              aria-describedby={`${id}-hint`}
              checked={pending[key] ?? profile.notificationPreferences[key]}
              disabled={isSaving}
              onChange={(event) => void toggle(key, event.target.checked)}
            />
          </li>
        );
      })}
    </ul>
  );
}
