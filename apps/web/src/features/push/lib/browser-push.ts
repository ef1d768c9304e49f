import type { PushSubscriptionInput } from '@marco/contract/notifications';

/*
 * This browser's side of Web Push: the service worker's PushManager (public/sw.js is
 * registered by production builds only, so a development server has no push).
 */

export type PushSupport = 'supported' | 'unsupported' | 'blocked';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window)) {
    return 'unsupported';
  }
  if (!('Notification' in window)) return 'unsupported';
  return Notification.permission === 'denied' ? 'blocked' : 'supported';
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (pushSupport() === 'unsupported') return null;
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const found = await registration();
  return found ? found.pushManager.getSubscription() : null;
}

const bytesOf = (base64Url: string) => {
  const binary = atob(base64Url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
};

const sameKey = (key: ArrayBuffer | null | undefined, expected: Uint8Array) => {
  if (!key) return false;
  const bytes = new Uint8Array(key);
  return bytes.length === expected.length && bytes.every((byte, index) => byte === expected[index]);
};

/**
 * Asks for the permission (the browser's own prompt) and subscribes with the server's
 * VAPID key; a subscription made with another key (the server's keys changed) is replaced.
 * Null when the user does not allow notifications.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionInput | null> {
  const found = await registration();
  if (!found) return null;
  if ((await Notification.requestPermission()) !== 'granted') return null;
  const applicationServerKey = bytesOf(publicKey);
  const existing = await found.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, applicationServerKey)) {
    return existing.toJSON() as PushSubscriptionInput;
  }
  await existing?.unsubscribe();
  const subscription = await found.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  return subscription.toJSON() as PushSubscriptionInput;
}

/** Unsubscribes this browser; answers the endpoint it had, if any. */
export async function unsubscribeThisBrowser(): Promise<string | null> {
  const subscription = await currentPushSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
