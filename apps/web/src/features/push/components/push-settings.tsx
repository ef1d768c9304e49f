import { PUSH_KINDS, type PushKind } from '@marco/contract/notifications';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useToast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/describe-error';
import { settlePushPrompt } from '@/lib/push-prompt';
import { useUpdatePushPreferences } from '../api/update-push-preferences';
import { usePushDevice } from '../hooks/use-push-device';

/** Catalog keys of the push events (i18next reads dots in keys as nesting). */
export const PUSH_EVENT_KEYS = {
  'reservation.requested': 'requested',
  'reservation.approved': 'approved',
  'reservation.rejected': 'rejected',
  'reservation.paid': 'paid',
  'reservation.cancelled': 'cancelled',
  'reservation.reminder': 'reminder',
  'message.received': 'message',
} as const satisfies Record<PushKind, string>;

/** Settings → Notifications: push in this browser, then which events push, for every browser. */
export function PushSettings() {
  const { t } = useTranslation('settings');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const device = usePushDevice();
  const update = useUpdatePushPreferences();
  const { data, isPending, isError } = device.settings;

  if (isPending) return <Skeleton className="h-24" />;
  if (isError || !data.publicKey) return null;

  const toggleDevice = async (on: boolean) => {
    try {
      if (!on) {
        await device.disable();
        toast({ color: 'success', title: t('push.turnedOff') });
        return;
      }
      const outcome = await device.enable();
      settlePushPrompt();
      toast(
        outcome === 'enabled'
          ? { color: 'success', title: t('push.turnedOn') }
          : { color: 'error', title: t('push.refused') },
      );
    } catch (error) {
      toast({ color: 'error', ...describeError(error, tDefault) });
    }
  };

  const toggleEvent = (kind: PushKind, on: boolean) =>
    update.mutate(
      { [kind]: on },
      {
        onSuccess: () => toast({ color: 'success', title: t('notifications.saved') }),
        onError: (error) => toast({ color: 'error', ...describeError(error, tDefault) }),
      },
    );

  const hint =
    device.support === 'unsupported'
      ? t('push.unsupported')
      : device.support === 'blocked'
        ? t('push.blocked')
        : t('push.deviceHint');

  return (
    <div className="mt-6 border-t border-neutral-100 pt-6">
      <h3 className="font-semibold text-neutral-900">{t('push.title')}</h3>
      <div className="mt-3 flex items-center justify-between gap-4">
        <div>
          <label htmlFor="push-device" className="font-medium text-neutral-900">
            {t('push.device')}
          </label>
          <p id="push-device-hint" className="text-sm text-neutral-500">
            {hint}
          </p>
        </div>
        <Switch
          id="push-device"
          aria-describedby="push-device-hint"
          checked={device.isOn}
          disabled={device.isBusy || device.support !== 'supported'}
          onChange={(event) => void toggleDevice(event.target.checked)}
        />
      </div>
      <fieldset className="mt-5" disabled={update.isPending}>
        <legend className="text-sm font-medium text-neutral-700">{t('push.eventsLegend')}</legend>
        <ul className="mt-2 divide-y divide-neutral-100">
          {PUSH_KINDS.map((kind) => {
            const id = `push-event-${PUSH_EVENT_KEYS[kind]}`;
            return (
              <li key={kind} className="flex items-center justify-between gap-4 py-2.5">
                <label htmlFor={id} className="text-neutral-800">
                  {t(`push.events.${PUSH_EVENT_KEYS[kind]}`)}
                </label>
                <Switch
                  id={id}
                  checked={data.preferences[kind]}
                  onChange={(event) => toggleEvent(kind, event.target.checked)}
                />
              </li>
            );
          })}
        </ul>
      </fieldset>
    </div>
  );
}
