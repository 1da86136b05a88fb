import { createECDH } from 'node:crypto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64UrlToBytes } from '../../api/push.ts';
import { renderAt, signedInEnglishTests, stubServer } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { PushSettings } from './PushSettings.tsx';
import UserSettingsPage from './UserSettingsPage.tsx';

signedInEnglishTests();

// A real P-256 key pair: the server's VAPID public key, and a browser's subscription keys.
const vapid = createECDH('prime256v1');
vapid.generateKeys();
const VAPID_PUBLIC_KEY = vapid.getPublicKey().toString('base64url');
const device = createECDH('prime256v1');
device.generateKeys();
const ENDPOINT = 'https://push.example.com/send/device-1';
const SUBSCRIPTION_JSON = {
  endpoint: ENDPOINT,
  expirationTime: null,
  keys: { p256dh: device.getPublicKey().toString('base64url'), auth: 'c2l0ZXB1bHNlLWF1dGgh' },
};

interface BrowserOptions {
  /** Notification.permission before anything is asked */
  permission?: NotificationPermission;
  /** what the permission prompt answers */
  answer?: NotificationPermission;
  subscribed?: boolean;
  /** the push service refuses (headless Chromium has none) */
  subscribeError?: Error;
  /** the app's service worker is registered (false: development, or blocked) */
  registered?: boolean;
}

/** Stubs the browser's Notification, PushManager and service worker registration. */
function fakeBrowser(options: BrowserOptions = {}) {
  const { permission = 'default', answer = 'granted', registered = true } = options;
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  };
  let current: typeof subscription | null = options.subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_opts: PushSubscriptionOptionsInit) => {
      if (options.subscribeError) throw options.subscribeError;
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: vi.fn(async () => (registered ? registration : undefined)),
      ready: Promise.resolve(registration),
    },
  });
  const FakeNotification = {
    permission,
    requestPermission: vi.fn(async () => {
      FakeNotification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('PushManager', class {});
  return { pushManager, subscription, requestPermission: FakeNotification.requestPermission };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

/** The server: the VAPID key and the subscription calls (stubServer answers them by path, any method). */
function serve(extra: Record<string, unknown> = {}) {
  return stubServer({
    extra: {
      '/push/vapid-public-key': { publicKey: VAPID_PUBLIC_KEY },
      '/push/subscriptions': {
        endpoint: ENDPOINT,
        userAgent: 'jsdom',
        createdAt: Date.now(),
        lastOkAt: null,
        failedAt: null,
      },
      ...extra,
    },
  });
}

/** The calls a fetch stub saw to a path, with method and parsed body. */
function callsTo(fetchMock: ReturnType<typeof stubServer>, path: string) {
  return fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === `/api${path}`)
    .map(([, init]) => ({
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }));
}

const card = () => screen.findByTestId('push-settings');
const pushSwitch = () =>
  screen.findByRole('switch', { name: 'Push notifications in this browser' }) as Promise<HTMLInputElement>;

describe('push notifications in user settings', () => {
  it('subscribes with the server’s VAPID key and sends the browser’s subscription', async () => {
    const browser = fakeBrowser();
    const server = serve();
    renderAt(<PushSettings delivery="PUSH" />, '/settings/user', '/settings/user');
    expect(await screen.findByRole('heading', { name: 'Push notifications on this device' })).toBeTruthy();
    expect((await pushSwitch()).checked).toBe(false);
    expect(screen.getByText('This browser does not get push notifications.')).toBeTruthy();

    fireEvent.click(await pushSwitch());
    await waitFor(() => expect(callsTo(server, '/push/subscriptions')).toHaveLength(1));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    // The applicationServerKey is the server's key, decoded: the 65 bytes of its P-256 point.
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
    const options = browser.pushManager.subscribe.mock.calls[0][0];
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual(Array.from(vapid.getPublicKey()));
    expect(callsTo(server, '/push/subscriptions')).toEqual([{ method: 'POST', body: SUBSCRIPTION_JSON }]);

    await waitFor(async () => expect((await pushSwitch()).checked).toBe(true));
    expect(await card()).toHaveProperty('dataset.state', 'on');
    expect(screen.getByText('This browser gets your alarm notifications.')).toBeTruthy();
    expect(await screen.findByText('Push notifications on in this browser.')).toBeTruthy();
  });

  it('unsubscribes: DELETE with the endpoint, then the browser drops it', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    const server = serve();
    renderAt(<PushSettings delivery="PUSH" />, '/settings/user', '/settings/user');
    await waitFor(async () => expect((await pushSwitch()).checked).toBe(true));
    fireEvent.click(await pushSwitch());
    await waitFor(() => expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1));
    expect(callsTo(server, '/push/subscriptions')).toEqual([
      { method: 'DELETE', body: { endpoint: ENDPOINT } },
    ]);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    await waitFor(async () => expect((await pushSwitch()).checked).toBe(false));
    expect(await screen.findByText('Push notifications off in this browser.')).toBeTruthy();
  });

  it('keeps the browser subscribed and says so when the server cannot be reached to switch off', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    const server = serve();
    const answer = server.getMockImplementation();
    server.mockImplementation(async (input, init) => {
      if (String(input).includes('/push/subscriptions')) throw new TypeError('Failed to fetch');
      return answer ? answer(input, init) : new Response(null, { status: 500 });
    });
    renderAt(<PushSettings delivery="PUSH" />, '/settings/user', '/settings/user');
    await waitFor(async () => expect((await pushSwitch()).checked).toBe(true));
    fireEvent.click(await pushSwitch());
    expect((await screen.findByTestId('push-error')).textContent).toBe(
      'Could not switch off push notifications: the Sitepulse server could not be reached (Failed to fetch). Try again when online.',
    );
    expect(browser.subscription.unsubscribe).not.toHaveBeenCalled();
    expect((await pushSwitch()).checked).toBe(true);
  });

  it('says in words when the push service cannot be reached, and nothing is sent to the server', async () => {
    fakeBrowser({
      subscribeError: new DOMException('Registration failed - push service error', 'AbortError'),
    });
    const server = serve();
    renderAt(<PushSettings delivery="PUSH" />, '/settings/user', '/settings/user');
    fireEvent.click(await pushSwitch());
    expect((await screen.findByTestId('push-error')).textContent).toBe(
      "Could not switch on push notifications: this browser's push service refused or could not be reached (Registration failed - push service error).",
    );
    expect(callsTo(server, '/push/subscriptions')).toEqual([]);
    expect((await pushSwitch()).checked).toBe(false);
  });

  it('says when the Sitepulse server cannot be reached for its key', async () => {
    const browser = fakeBrowser();
    const server = stubServer();
    const answer = server.getMockImplementation();
    server.mockImplementation(async (input, init) => {
      if (String(input).includes('/push/vapid-public-key')) throw new TypeError('Failed to fetch');
      return answer ? answer(input, init) : new Response(null, { status: 500 });
    });
    renderAt(<PushSettings delivery="PUSH" />, '/settings/user', '/settings/user');
    fireEvent.click(await pushSwitch());
    expect((await screen.findByTestId('push-error')).textContent).toBe(
      'Could not switch on push notifications: the Sitepulse server could not be reached (Failed to fetch).',
    );
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('undoes the browser’s subscription when the server does not keep it', async () => {
    const browser = fakeBrowser();
    const server = serve();
    const answer = server.getMockImplementation();
    server.mockImplementation(async (input, init) => {
      if (String(input).includes('/push/subscriptions') && init?.method === 'POST')
        return new Response(
          JSON.stringify({
            error: { code: 'BAD_REQUEST', message: 'endpoint must name a push service host' },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        );
      return answer ? answer(input, init) : new Response(null, { status: 500 });
    });
    renderAt(<PushSettings delivery="PUSH" />, '/settings/user', '/settings/user');
    fireEvent.click(await pushSwitch());
    expect((await screen.findByTestId('push-error')).textContent).toBe(
      "Could not switch on push notifications: the server did not keep this browser's subscription (endpoint must name a push service host).",
    );
    expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1);
    await waitFor(async () => expect((await pushSwitch()).checked).toBe(false));
  });

  it('says notifications were not allowed when the prompt was dismissed', async () => {
    fakeBrowser({ answer: 'default' });
    serve();
    renderAt(<PushSettings delivery="PUSH" />, '/settings/user', '/settings/user');
    fireEvent.click(await pushSwitch());
    expect((await screen.findByTestId('push-error')).textContent).toBe(
      'Notifications were not allowed, so push was not switched on. Switch it on again and choose Allow.',
    );
  });

  it('shows how to allow notifications when they are blocked, with no switch', async () => {
    fakeBrowser({ permission: 'denied' });
    serve();
    renderAt(<PushSettings delivery="PUSH" />, '/settings/user', '/settings/user');
    expect((await screen.findByTestId('push-blocked')).textContent).toBe(
      'Notifications are blocked for this site in this browser. To allow them, click the icon at the left of the address bar, set Notifications to Allow, then reload this page.',
    );
    expect(screen.queryByRole('switch')).toBeNull();
    expect(await card()).toHaveProperty('dataset.state', 'denied');
  });

  it('turns to the blocked state when the prompt is answered Block', async () => {
    const browser = fakeBrowser({ answer: 'denied' });
    const server = serve();
    renderAt(<PushSettings delivery="PUSH" />, '/settings/user', '/settings/user');
    fireEvent.click(await pushSwitch());
    expect(await screen.findByTestId('push-blocked')).toBeTruthy();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(callsTo(server, '/push/subscriptions')).toEqual([]);
  });

  it('says when this browser cannot take push at all, or the app’s worker is not running', async () => {
    serve();
    // jsdom: no service worker, no Push API.
    const first = renderAt(<PushSettings delivery="PUSH" />, '/settings/user', '/settings/user');
    expect((await screen.findByTestId('push-blocked')).textContent).toMatch(
      /^This browser cannot show push notifications\./,
    );
    first.unmount();
    fakeBrowser({ registered: false });
    renderAt(<PushSettings delivery="PUSH" />, '/settings/user', '/settings/user');
    expect((await screen.findByTestId('push-blocked')).textContent).toBe(
      'Push notifications are not ready in this window. Reload the page and try again.',
    );
  });

  it('says that alarms go another way while the default delivery is not Push', async () => {
    fakeBrowser({ permission: 'granted', subscribed: true });
    serve();
    renderAt(<PushSettings delivery="EMAIL" />, '/settings/user', '/settings/user');
    expect((await screen.findByTestId('push-not-default')).textContent).toBe(
      'Your default delivery is E-mail: alarms reach you that way until you choose Push above.',
    );
  });

  it('sits beside the delivery setting, whose help says where push goes', async () => {
    fakeBrowser();
    serve({
      '/v2/users/settings/values': {
        Language: ['en', 'es'],
        DisplayTimeZone: ['UTC'],
        SystemOfMeasurement: ['Metric', 'Imperial'],
        DefaultNotificationDelivery: ['SMS', 'PUSH', 'EMAIL'],
      },
      '/emailnotifications': [],
    });
    renderAt(<UserSettingsPage />, '/settings/user', '/settings/user');
    const section = await card();
    expect(within(section).getByRole('heading').textContent).toBe('Push notifications on this device');
    expect(
      screen.getByText(
        'How alarm messages reach you: by e-mail, by SMS to your phone number, or as a push notification to the browsers you switch on below (by e-mail while none is).',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Push' })).toBeTruthy();
    // The delivery section comes right before it.
    const delivery = screen.getByRole('radiogroup', { name: 'Default notification delivery' });
    expect(delivery.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    fakeBrowser({ permission: 'denied' });
    serve();
    renderAt(<PushSettings delivery="PUSH" />, '/settings/user', '/settings/user');
    expect(
      await screen.findByRole('heading', { name: 'Notificaciones push en este dispositivo' }),
    ).toBeTruthy();
    expect((await screen.findByTestId('push-blocked')).textContent).toMatch(
      /^Las notificaciones están bloqueadas para este sitio/,
    );
  });
});

describe('base64UrlToBytes', () => {
  it('decodes base64url with and without padding', () => {
    expect(Array.from(base64UrlToBytes(VAPID_PUBLIC_KEY))).toEqual(Array.from(vapid.getPublicKey()));
    expect(Array.from(base64UrlToBytes('-_8'))).toEqual([0xfb, 0xff]);
    expect(Array.from(base64UrlToBytes('-_8='))).toEqual([0xfb, 0xff]);
    expect(base64UrlToBytes('')).toHaveLength(0);
  });
});
