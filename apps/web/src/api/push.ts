/**
 * Web Push on this browser (issue 15, docs/decisions/web-push-offline.md): whether it can take push
 * notifications, and switching them on (permission, the server's VAPID key, the push service's
 * subscription, POST /push/subscriptions) and off (DELETE /push/subscriptions, then the browser's
 * unsubscribe). The server's side: apps/server/src/modules/push.
 */
import type {
  PushSubscriptionBody,
  PushSubscriptionInfo,
  PushUnsubscribeResult,
  VapidPublicKey,
} from '@sitepulse/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from './client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * This browser's push state: 'unsupported' (no service worker, Push API or notifications), 'noWorker' (the
 * app's service worker is not registered in this window: development, or blocked), 'denied' (the reader
 * blocked notifications for the site), 'on' (subscribed here), 'off'.
 */
export type PushState = 'unsupported' | 'noWorker' | 'denied' | 'on' | 'off';

export interface PushDevice {
  state: PushState;
  /** the push service endpoint of this browser's subscription when 'on' */
  endpoint: string | null;
}

/** Which step of switching push on or off failed: the words shown say where the trouble is. */
export type PushFailure = 'notAllowed' | 'server' | 'pushService' | 'saving' | 'removing';

export class PushError extends Error {
  constructor(
    readonly failure: PushFailure,
    readonly detail: string,
  ) {
    super(`${failure}: ${detail}`);
    this.name = 'PushError';
  }
}

/** An error's own words (a DOMException from the push service included). */
function detailOf(e: unknown): string {
  const message = (e as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : String(e);
}

/** Decodes base64url (a VAPID public key) into the bytes `applicationServerKey` takes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether this browser has what Web Push needs: a service worker, the Push API and notifications. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration('/');
}

/** Reads this browser's push state (no server call). */
export async function readPushDevice(): Promise<PushDevice> {
  if (!pushSupported()) return { state: 'unsupported', endpoint: null };
  const reg = await registration();
  if (!reg) return { state: 'noWorker', endpoint: null };
  if (Notification.permission === 'denied') return { state: 'denied', endpoint: null };
  const sub = await reg.pushManager.getSubscription();
  return sub ? { state: 'on', endpoint: sub.endpoint } : { state: 'off', endpoint: null };
}

/** This browser's push state, read again after every switch. */
export function usePushDevice() {
  return useQuery({ queryKey: queryKeys.push.device(), queryFn: readPushDevice, retry: false });
}

/**
 * Switches push on in this browser for the signed-in user: asks for permission, fetches the server's VAPID
 * key, subscribes at the browser's push service and gives the server the subscription
 * (`PushSubscription.toJSON()`). When the server does not keep it, the browser's subscription is undone.
 */
export async function subscribePush(client: QueryClient): Promise<PushDevice> {
  const reg = await registration();
  if (!reg) throw new PushError('pushService', 'no service worker');
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return { state: 'denied', endpoint: null };
  if (permission !== 'granted') throw new PushError('notAllowed', permission);
  let key: VapidPublicKey;
  try {
    key = await client.fetchQuery({
      queryKey: queryKeys.push.vapidKey(),
      queryFn: ({ signal }) => apiFetch<VapidPublicKey>('/push/vapid-public-key', { signal }),
      staleTime: Number.POSITIVE_INFINITY,
    });
  } catch (e) {
    throw new PushError('server', detailOf(e));
  }
  let sub: PushSubscription;
  try {
    const ready = await navigator.serviceWorker.ready;
    sub = await ready.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(key.publicKey),
    });
  } catch (e) {
    throw new PushError('pushService', detailOf(e));
  }
  try {
    await apiFetch<PushSubscriptionInfo>('/push/subscriptions', {
      method: 'POST',
      body: sub.toJSON() as PushSubscriptionBody,
    });
  } catch (e) {
    await sub.unsubscribe().catch(() => false);
    throw new PushError('saving', e instanceof ApiError ? e.message : detailOf(e));
  }
  return { state: 'on', endpoint: sub.endpoint };
}

/** Switches push off in this browser: the server forgets the subscription, then the browser drops it. */
export async function unsubscribePush(): Promise<PushDevice> {
  const sub = await (await registration())?.pushManager.getSubscription();
  if (!sub) return { state: 'off', endpoint: null };
  try {
    await apiFetch<PushUnsubscribeResult>('/push/subscriptions', {
      method: 'DELETE',
      body: { endpoint: sub.endpoint },
    });
  } catch (e) {
    throw new PushError('removing', detailOf(e));
  }
  await sub.unsubscribe();
  return { state: 'off', endpoint: null };
}

/** POST /push/subscriptions (with the browser's subscription) or DELETE /push/subscriptions. */
export function usePushSwitch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => (on ? subscribePush(client) : unsubscribePush()),
    onSuccess: (device) => client.setQueryData(queryKeys.push.device(), device),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.push.device() }),
  });
}
