import type { AlarmEventsService } from './service.ts';

/** How often the alarm sweep runs (silent nodes, batteries, alarms of stopped jobs). */
export const ALARM_SWEEP_MS = 60_000;

/** Runs `sweep(now)` every ALARM_SWEEP_MS; a sweep never overlaps the previous one. */
export function createAlarmSweeper(opts: {
  alarmEvents: Pick<AlarmEventsService, 'sweep'>;
  log: { error(obj: unknown, msg?: string): void };
  everyMs?: number;
}) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = opts.alarmEvents
      .sweep(Date.now())
      .catch((err) => opts.log.error({ err }, 'alarm sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  return {
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, opts.everyMs ?? ALARM_SWEEP_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
