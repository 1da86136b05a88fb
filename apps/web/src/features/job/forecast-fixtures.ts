/** Answers of the forecast and targets calls (issue 13), shaped as the server answers them. */
import type { JobForecast, JobTarget, TargetForecast } from '@sitepulse/contracts';
import { NOW } from './test-fixtures.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PSI_PER_MPA = 145.037738;

/** A target with no time: the state alone. */
export function target(overrides: Partial<TargetForecast> & Pick<TargetForecast, 'kind'>): TargetForecast {
  return {
    primary: false,
    strengthMpa: 25,
    enteredValue: 25,
    enteredUnit: 'MPa',
    state: 'FORECAST',
    reachedAt: null,
    expectedAt: null,
    earliestAt: null,
    latestAt: null,
    ...overrides,
  };
}

/**
 * 'Level 4 Slab - Pour 2' (job 2) on Monday 2026-11-23 12:00 UTC, at 17.6 MPa: stripping (10 MPa) reached
 * at 04:00, post-tensioning (its own target, 25 MPa) expected tomorrow 14:00 (11:00 to 18:00), opening to
 * traffic (4000 psi) on Thursday, design (35 MPa) on 2 December.
 */
export function curingForecast(overrides: Partial<JobForecast> = {}): JobForecast {
  return {
    jobId: 2,
    state: 'FORECAST',
    computedAt: NOW,
    strengthMpa: 17.61,
    maturity: 783.9,
    recent: { meanC: 22.7, lowC: 20.1, highC: 24.9, trendCPerHour: 0.1, fromTs: NOW - 6 * HOUR, toTs: NOW },
    targets: [
      target({
        kind: 'STRIPPING',
        strengthMpa: 10,
        enteredValue: 10,
        state: 'REACHED',
        reachedAt: NOW - 8 * HOUR,
      }),
      target({
        kind: 'POST_TENSIONING',
        primary: true,
        expectedAt: NOW + 26 * HOUR,
        earliestAt: NOW + 23 * HOUR,
        latestAt: NOW + 30 * HOUR,
      }),
      target({
        kind: 'OPEN_TO_TRAFFIC',
        strengthMpa: 4000 / PSI_PER_MPA,
        enteredValue: 4000,
        enteredUnit: 'psi',
        expectedAt: NOW + 3 * DAY,
        earliestAt: NOW + 2 * DAY + 20 * HOUR,
        latestAt: NOW + 3 * DAY + 6 * HOUR,
      }),
      target({
        kind: 'DESIGN',
        strengthMpa: 35,
        enteredValue: 35,
        expectedAt: NOW + 9 * DAY,
        earliestAt: NOW + 8 * DAY,
        latestAt: NOW + 10 * DAY,
      }),
    ],
    projection: [0, 1, 2, 3, 6, 9].map((d) => ({
      t: NOW + d * DAY,
      low: 17.61 + d * 1.6,
      mid: 17.61 + d * 2,
      high: 17.61 + d * 2.4,
    })),
    sensors: [
      {
        sensorId: 1,
        state: 'FORECAST',
        strengthMpa: 17.2,
        targets: [
          target({
            kind: 'STRIPPING',
            strengthMpa: 10,
            enteredValue: 10,
            state: 'REACHED',
            reachedAt: NOW - 9 * HOUR,
          }),
          target({ kind: 'POST_TENSIONING', primary: true, expectedAt: NOW + 28 * HOUR }),
        ],
      },
      {
        sensorId: 2,
        state: 'REACHED',
        strengthMpa: 26,
        targets: [
          target({
            kind: 'STRIPPING',
            strengthMpa: 10,
            enteredValue: 10,
            state: 'REACHED',
            reachedAt: NOW - 9 * HOUR,
          }),
          target({ kind: 'POST_TENSIONING', primary: true, state: 'REACHED', reachedAt: NOW - HOUR }),
        ],
      },
      {
        sensorId: 3,
        state: 'FALLING_TEMPERATURE',
        strengthMpa: 15,
        targets: [
          target({
            kind: 'STRIPPING',
            strengthMpa: 10,
            enteredValue: 10,
            state: 'REACHED',
            reachedAt: NOW - 7 * HOUR,
          }),
          target({ kind: 'POST_TENSIONING', primary: true, state: 'FALLING_TEMPERATURE' }),
        ],
      },
    ],
    ...overrides,
  };
}

/** A job whose forecast says only why there is none: every target not reached in that state. */
export function noForecast(state: JobForecast['state'], overrides: Partial<JobForecast> = {}): JobForecast {
  const f = curingForecast();
  return {
    ...f,
    state,
    recent: null,
    projection: [],
    targets: f.targets.map((x) =>
      x.state === 'REACHED' ? x : { ...x, state, expectedAt: null, earliestAt: null, latestAt: null },
    ),
    sensors: [],
    ...overrides,
  };
}

/** GET .../targets/2: the job's targets as entered (the spec's first). */
export function curingTargets(): JobTarget[] {
  return curingForecast().targets.map(({ kind, primary, strengthMpa, enteredValue, enteredUnit }) => ({
    kind,
    primary,
    strengthMpa,
    enteredValue,
    enteredUnit,
  }));
}
