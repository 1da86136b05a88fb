import type { AlarmEvent, NotificationMessage } from '@sitepulse/contracts';
import { CONVERSION, type JobLink, jobDetailHref, UNIT_SPACE } from '@sitepulse/domain';
import type { DisplayPreferences } from '../../app/preferences.ts';

/**
 * The list's order: alarms nobody acknowledged yet, then acknowledged ones still active, newest raised
 * first; then the recently cleared ones, newest cleared first.
 */
export function sortAlarms(events: readonly AlarmEvent[]): AlarmEvent[] {
  const rank = (e: AlarmEvent) => (e.state === 'ACTIVE' ? 0 : e.state === 'ACKNOWLEDGED' ? 1 : 2);
  return [...events].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (rank(a) === 2 ? (b.clearedAt ?? 0) - (a.clearedAt ?? 0) : b.raisedAt - a.raisedAt) ||
      b.id - a.id,
  );
}

/** The i18n key of an alarm's kind in words: one rule for this page and the alarm state on other screens. */
export { alarmKindKey } from '../../components/AlarmStateBadge.tsx';

/**
 * A value or bound of an alarm in the reader's units. A temperature differential is a difference of
 * temperatures, so it scales to °F without the +32 offset.
 */
export function alarmValueText(
  prefs: Pick<DisplayPreferences, 'withUnit' | 'unit' | 'system'>,
  e: Pick<AlarmEvent, 'kind' | 'quantity'>,
  value: number | null,
): string | null {
  if (value === null) return null;
  if (e.kind === 'TEMPERATURE_DIFFERENTIAL') {
    const scaled = prefs.system === 'Imperial' ? value * CONVERSION.FAHRENHEIT_PER_CELSIUS : value;
    return `${scaled.toFixed(1)}${UNIT_SPACE}${prefs.unit('Temperature')}`;
  }
  return prefs.withUnit(e.quantity ?? '', value);
}

/** The screen of each job of the site by id, from the lists that know its project and kind. */
export function jobLinksById(jobsiteId: number, jobs: readonly JobLink[]): Map<number, string> {
  return new Map(jobs.map((j) => [j.id, jobDetailHref(j, jobsiteId)]));
}

/** A message's delivery as the alarms page says it. */
export type DeliveryShown = 'queued' | 'sending' | 'retrying' | 'sent' | 'failed' | 'digested';

/**
 * PENDING in words: not tried yet (queued), tried and failing (retrying, the error of the last attempt
 * kept), or being sent right now (tried, no error yet).
 */
export function deliveryShown(m: Pick<NotificationMessage, 'state' | 'attempts' | 'error'>): DeliveryShown {
  if (m.state === 'SENT') return 'sent';
  if (m.state === 'FAILED') return 'failed';
  if (m.state === 'DIGESTED') return 'digested';
  if (m.error) return 'retrying';
  return m.attempts > 0 ? 'sending' : 'queued';
}

/**
 * Why another channel than the one asked for was used (the server's rule, docs/decisions/notifications.md):
 * PUSH without a subscribed browser and SMS without a phone go by e-mail; no e-mail address, by SMS.
 * Null when the channel asked was used.
 */
export function fallbackReasonKey(
  m: Pick<NotificationMessage, 'channel' | 'requestedChannel'>,
): string | null {
  if (m.requestedChannel === m.channel) return null;
  if (m.requestedChannel === 'PUSH') return 'alarms.messages.reason.noBrowser';
  if (m.requestedChannel === 'SMS') return 'alarms.messages.reason.noPhone';
  return 'alarms.messages.reason.noEmail';
}
