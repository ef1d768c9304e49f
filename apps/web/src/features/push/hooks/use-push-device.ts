import { useEffect, useState } from 'react';
import { usePushSettings } from '../api/get-push-settings';
import { useSubscribeToPush } from '../api/subscribe-to-push';
import { useUnsubscribeFromPush } from '../api/unsubscribe-from-push';
import {
  currentPushSubscription,
  type PushSupport,
  pushSupport,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from '../lib/browser-push';

export type EnableOutcome = 'enabled' | 'refused';

/** Push in this browser: whether it can, whether it is on, and turning it on or off. */
export function usePushDevice() {
  const settings = usePushSettings();
  const subscribe = useSubscribeToPush();
  const unsubscribe = useUnsubscribeFromPush();
  const [support, setSupport] = useState<PushSupport>('unsupported');
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  useEffect(() => {
    setSupport(pushSupport());
    let live = true;
    currentPushSubscription().then(
      (subscription) => live && setEndpoint(subscription?.endpoint ?? null),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);

  const publicKey = settings.data?.publicKey ?? null;
  const isOn = endpoint !== null && (settings.data?.endpoints.includes(endpoint) ?? false);

  const enable = async (): Promise<EnableOutcome> => {
    if (!publicKey) return 'refused';
    setBusy(true);
    try {
      const subscription = await subscribeThisBrowser(publicKey);
      setSupport(pushSupport());
      if (!subscription) return 'refused';
      await subscribe.mutateAsync(subscription);
      setEndpoint(subscription.endpoint);
      return 'enabled';
    } finally {
      setBusy(false);
    }
  };

  const disable = async () => {
    setBusy(true);
    try {
      const gone = (await unsubscribeThisBrowser()) ?? endpoint;
      setEndpoint(null);
      if (gone && settings.data?.endpoints.includes(gone)) await unsubscribe.mutateAsync(gone);
    } finally {
      setBusy(false);
    }
  };

  return { settings, support, publicKey, isOn, isBusy, enable, disable };
}
