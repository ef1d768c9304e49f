import { BellRing, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/describe-error';
import { dismissPushPrompt, settlePushPrompt } from '@/lib/push-prompt';
import { usePushDevice } from '../hooks/use-push-device';

/**
 * The offer to turn push on, shown once after the user's first reservation request or
 * message (lib/push-prompt.ts), only where this browser can still be asked. It sits under
 * the header: at the bottom it would cover the chat's composer it follows.
 */
export function PushPrompt() {
  const { t } = useTranslation('settings');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const device = usePushDevice();

  if (!device.publicKey || device.support !== 'supported' || device.isOn) return null;
  if (typeof Notification !== 'undefined' && Notification.permission !== 'default') return null;

  const turnOn = async () => {
    try {
      const outcome = await device.enable();
      settlePushPrompt();
      if (outcome === 'enabled') toast({ color: 'success', title: t('push.turnedOn') });
    } catch (error) {
      toast({ color: 'error', ...describeError(error, tDefault) });
    }
  };

  return (
    <section
      aria-labelledby="push-prompt-title"
      className="fixed inset-x-4 top-20 z-40 rounded-card border border-neutral-200 bg-surface p-4 shadow-overlay sm:start-auto sm:end-6 sm:w-96"
    >
      <div className="flex items-start gap-3">
        <BellRing aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700" />
        <div className="min-w-0 flex-1">
          <h2 id="push-prompt-title" className="font-semibold text-neutral-900">
            {t('pushPrompt.title')}
          </h2>
          <p className="mt-1 text-sm text-neutral-600">{t('pushPrompt.body')}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" disabled={device.isBusy} onClick={() => void turnOn()}>
              {t('pushPrompt.enable')}
            </Button>
            <Button size="sm" variant="ghost" onClick={dismissPushPrompt}>
              {t('pushPrompt.later')}
            </Button>
          </div>
        </div>
        <button
          type="button"
          onClick={dismissPushPrompt}
          aria-label={t('pushPrompt.later')}
          className="rounded-control p-1 text-neutral-500 hover:bg-neutral-100"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </section>
  );
}
