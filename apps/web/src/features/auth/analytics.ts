/**
 * Usage-tracking events (spec section 1: "A usage-tracking service records page views and events").
 * Events go to `window.dataLayer`, the array a tag-manager script reads; with no script loaded they
 * simply wait there.
 */
export interface AnalyticsEvent {
  event: string;
  [key: string]: unknown;
}

declare global {
  interface Window {
    dataLayer?: AnalyticsEvent[];
  }
}

export function trackEvent(event: AnalyticsEvent): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(event);
}

/** A wrong company auth code (spec section 8: "An analytics event records the failure"). */
export const trackAuthCodeFailed = (): void => trackEvent({ event: 'auth_code_failed' });
