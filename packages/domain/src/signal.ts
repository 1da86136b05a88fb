import { SIGNAL_STALE_MS } from './constants.ts';
import { type TimeInput, toEpochMs } from './time.ts';

/** The signal value that means "unknown" (section 4). */
export const SIGNAL_UNKNOWN = -2;

/** A node's latest signal as the server sends it (latestNodeSignal, section 3). */
export interface LatestSignal {
  timestamp?: TimeInput | null;
  signal?: number | null;
}

/**
 * Signal to show for a job's node (section 4, 9): null (no icon) for terminated jobs; -2
 * (unknown) when there is no signal, no readable timestamp, or it is older than 2 hours,
 * meaning now − timestamp > 2 h (exactly 2 h is still fresh); otherwise the signal value.
 * A timestamp in the future (clock skew) counts as fresh.
 */
export function signalValue(
  latestSignal: LatestSignal | null | undefined,
  options: { terminated?: boolean | null; now?: TimeInput } = {},
): number | null {
  if (options.terminated) return null;
  const signal = latestSignal?.signal;
  if (typeof signal !== 'number' || !Number.isFinite(signal)) return SIGNAL_UNKNOWN;
  const ts = toEpochMs(latestSignal?.timestamp);
  const now = toEpochMs(options.now ?? Date.now());
  if (ts === null || now === null) return SIGNAL_UNKNOWN;
  if (now - ts > SIGNAL_STALE_MS) return SIGNAL_UNKNOWN;
  return signal;
}

/**
 * Bars (0–4) shown for a signal in dBm. The spec does not give the steps; these are the usual cellular
 * and LoRa steps: -70 or better 4, -85 or better 3, -100 or better 2, anything weaker 1, unknown 0.
 */
export function signalBars(signal: number | null | undefined): 0 | 1 | 2 | 3 | 4 {
  if (typeof signal !== 'number' || !Number.isFinite(signal) || signal === SIGNAL_UNKNOWN) return 0;
  if (signal >= -70) return 4;
  if (signal >= -85) return 3;
  if (signal >= -100) return 2;
  return 1;
}
