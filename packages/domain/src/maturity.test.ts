import { describe, expect, it } from 'vitest';
import {
  equivalentAge,
  equivalentAgeIncrement,
  fitStrengthCurve,
  hasMatured,
  isOutsideCalibration,
  jobStrength,
  jobTargetStrength,
  nurseSaulIncrement,
  nurseSaulMaturity,
  readingInterval,
  strengthFromMaturity,
} from './maturity.ts';

const H = 3_600_000;
const T0 = Date.UTC(2024, 0, 1);
const at = (h: number) => T0 + h * H;

describe('nurseSaulMaturity (ASTM C1074)', () => {
  it.each([
    ['no readings', [], -10, 0],
    ['one reading', [{ ts: at(0), tempC: 20 }], -10, 0],
    [
      'constant 20 °C for 10 h',
      [
        { ts: at(0), tempC: 20 },
        { ts: at(10), tempC: 20 },
      ],
      -10,
      300,
    ],
    [
      'uses the interval mean',
      [
        { ts: at(0), tempC: 10 },
        { ts: at(2), tempC: 30 },
      ],
      -10,
      60,
    ],
    [
      'mean exactly at datum adds nothing',
      [
        { ts: at(0), tempC: -15 },
        { ts: at(4), tempC: -5 },
      ],
      -10,
      0,
    ],
    [
      'mean below datum adds nothing',
      [
        { ts: at(0), tempC: -20 },
        { ts: at(4), tempC: -20 },
      ],
      -10,
      0,
    ],
    [
      'mean just above datum',
      [
        { ts: at(0), tempC: -9 },
        { ts: at(1), tempC: -9 },
      ],
      -10,
      1,
    ],
    [
      'custom datum 0 °C',
      [
        { ts: at(0), tempC: 20 },
        { ts: at(1), tempC: 20 },
      ],
      0,
      20,
    ],
    [
      'several intervals, one below datum',
      [
        { ts: at(0), tempC: 20 },
        { ts: at(1), tempC: 20 },
        { ts: at(2), tempC: -40 },
        { ts: at(3), tempC: -40 },
      ],
      -10,
      30 + 0 + 0,
    ],
    [
      'same timestamp twice adds nothing',
      [
        { ts: at(0), tempC: 20 },
        { ts: at(0), tempC: 40 },
      ],
      -10,
      0,
    ],
    [
      'half an hour',
      [
        { ts: at(0), tempC: 10 },
        { ts: at(0.5), tempC: 10 },
      ],
      -10,
      10,
    ],
  ])('%s', (_name, readings, datum, expected) => {
    expect(nurseSaulMaturity(readings, datum)).toBeCloseTo(expected, 9);
  });

  it('defaults the datum to -10 °C', () => {
    expect(
      nurseSaulMaturity([
        { ts: at(0), tempC: 0 },
        { ts: at(1), tempC: 0 },
      ]),
    ).toBeCloseTo(10, 9);
  });

  it('sorts readings by time and accepts ISO strings', () => {
    const ordered = [
      { ts: at(0), tempC: 10 },
      { ts: at(1), tempC: 30 },
      { ts: at(3), tempC: 0 },
    ];
    const shuffled = [
      { ts: new Date(at(3)).toISOString(), tempC: 0 },
      { ts: at(0), tempC: 10 },
      { ts: new Date(at(1)).toISOString(), tempC: 30 },
    ];
    // (20+10)·1 + (15+10)·2 = 80
    expect(nurseSaulMaturity(ordered)).toBeCloseTo(80, 9);
    expect(nurseSaulMaturity(shuffled)).toBeCloseTo(80, 9);
  });

  it('drops unreadable readings', () => {
    const readings = [
      { ts: at(0), tempC: 20 },
      { ts: 'garbage', tempC: 99 },
      { ts: at(1), tempC: Number.NaN },
      { ts: at(2), tempC: 20 },
    ];
    expect(nurseSaulMaturity(readings)).toBeCloseTo(60, 9);
    expect(nurseSaulMaturity(null)).toBe(0);
  });
});

describe('equivalentAge (ASTM C1074, Arrhenius)', () => {
  it('equals elapsed hours at the reference temperature', () => {
    expect(
      equivalentAge([
        { ts: at(0), tempC: 20 },
        { ts: at(24), tempC: 20 },
      ]),
    ).toBeCloseTo(24, 9);
  });

  it.each([
    // factor = exp(-E/R × (1/(273.15+T) − 1/293.15))
    [30, 40_000, Math.exp((-40_000 / 8.314) * (1 / 303.15 - 1 / 293.15))],
    [10, 40_000, Math.exp((-40_000 / 8.314) * (1 / 283.15 - 1 / 293.15))],
    [30, 33_500, Math.exp((-33_500 / 8.314) * (1 / 303.15 - 1 / 293.15))],
  ])('one hour at %d °C with E %d', (tempC, e, factor) => {
    const readings = [
      { ts: at(0), tempC },
      { ts: at(1), tempC },
    ];
    expect(equivalentAge(readings, { activationEnergy: e })).toBeCloseTo(factor, 9);
  });

  it('runs faster above and slower below the reference', () => {
    const warm = equivalentAge([
      { ts: at(0), tempC: 30 },
      { ts: at(1), tempC: 30 },
    ]);
    const cold = equivalentAge([
      { ts: at(0), tempC: 10 },
      { ts: at(1), tempC: 10 },
    ]);
    expect(warm).toBeCloseTo(1.72, 2);
    expect(cold).toBeCloseTo(0.56, 2);
  });

  it('uses the interval mean and a custom reference', () => {
    const readings = [
      { ts: at(1), tempC: 30 },
      { ts: at(0), tempC: 10 },
    ];
    expect(equivalentAge(readings)).toBeCloseTo(1, 9);
    expect(
      equivalentAge(
        [
          { ts: at(0), tempC: 23 },
          { ts: at(2), tempC: 23 },
        ],
        { referenceC: 23 },
      ),
    ).toBeCloseTo(2, 9);
  });

  it.each([[[]], [[{ ts: at(0), tempC: 20 }]], [null]])('is 0 without an interval (%j)', (readings) => {
    expect(equivalentAge(readings)).toBe(0);
  });
});

describe('strengthFromMaturity', () => {
  const profile = { a: -20, b: 12 };
  it.each([
    [1000, -20 + 12 * 3],
    [10_000, -20 + 12 * 4],
    [100, 4],
    [10, 0],
    [1, 0],
    [0, 0],
    [-5, 0],
    [null, 0],
    [undefined, 0],
    [Number.NaN, 0],
  ])('M = %j → %d MPa', (m, s) => {
    expect(strengthFromMaturity(m, profile)).toBeCloseTo(s, 9);
  });

  it('edge where the curve crosses 0 stays at 0', () => {
    // -20 + 12·log10(M) = 0 at M = 10^(5/3)
    expect(strengthFromMaturity(10 ** (5 / 3), profile)).toBeCloseTo(0, 9);
    expect(strengthFromMaturity(10 ** (5 / 3) - 1, profile)).toBe(0);
    expect(strengthFromMaturity(10 ** (5 / 3) + 1, profile)).toBeGreaterThan(0);
  });
});

describe('incremental steps', () => {
  it('summing nurseSaulIncrement over consecutive intervals equals nurseSaulMaturity bit for bit', () => {
    const rs = Array.from({ length: 500 }, (_, i) => ({
      ts: i * 900_000 + (i % 7) * 1000,
      tempC: 12 + 9 * Math.sin(i / 17) + (i % 5) * 0.37,
    }));
    let m = 0;
    let e = 0;
    for (let i = 1; i < rs.length; i++) {
      const iv = readingInterval(rs[i - 1], rs[i]);
      m += nurseSaulIncrement(iv.meanC, iv.hours, -10);
      e += equivalentAgeIncrement(iv.meanC, iv.hours);
    }
    expect(m).toBe(nurseSaulMaturity(rs, -10));
    expect(e).toBe(equivalentAge(rs));
  });
  it('adds nothing at or below the datum', () => {
    expect(nurseSaulIncrement(-10, 2, -10)).toBe(0);
    expect(nurseSaulIncrement(-12, 2, -10)).toBe(0);
    expect(nurseSaulIncrement(10, 2, -10)).toBe(40);
  });
});

describe('fitStrengthCurve', () => {
  it('recovers a and b from breaks on the curve, with r2 1 and the calibrated range', () => {
    const breaks = [100, 300, 1000, 3000, 10000].map((m) => ({
      maturity: m,
      strength: 5 + 8 * Math.log10(m),
    }));
    const fit = fitStrengthCurve(breaks);
    expect(fit?.a).toBeCloseTo(5, 10);
    expect(fit?.b).toBeCloseTo(8, 10);
    expect(fit?.r2).toBeCloseTo(1, 12);
    expect(fit?.minMaturity).toBe(100);
    expect(fit?.maxMaturity).toBe(10000);
  });
  it('reports a poorer fit for scattered breaks', () => {
    const fit = fitStrengthCurve([
      { maturity: 100, strength: 10 },
      { maturity: 1000, strength: 12 },
      { maturity: 10000, strength: 40 },
    ]);
    expect(fit?.r2).toBeGreaterThan(0);
    expect(fit?.r2).toBeLessThan(0.95);
  });
  it('needs two breaks at two different positive maturities', () => {
    expect(fitStrengthCurve([{ maturity: 100, strength: 10 }])).toBeNull();
    expect(
      fitStrengthCurve([
        { maturity: 100, strength: 10 },
        { maturity: 100, strength: 12 },
      ]),
    ).toBeNull();
    expect(
      fitStrengthCurve([
        { maturity: 0, strength: 1 },
        { maturity: -5, strength: 2 },
      ]),
    ).toBeNull();
  });
  it('flags maturities outside the calibrated range', () => {
    expect(isOutsideCalibration(50, { minMaturity: 100, maxMaturity: 1000 })).toBe(true);
    expect(isOutsideCalibration(2000, { minMaturity: 100, maxMaturity: 1000 })).toBe(true);
    expect(isOutsideCalibration(500, { minMaturity: 100, maxMaturity: 1000 })).toBe(false);
    expect(isOutsideCalibration(500, {})).toBe(false);
  });
});

describe('job strength and target', () => {
  it('targets the singular target first, then high, medium, low', () => {
    expect(jobTargetStrength({ singularTargetedStrength: 20, highTargetedStrength: 30 })).toBe(20);
    expect(jobTargetStrength({ highTargetedStrength: 30, lowTargetedStrength: 10 })).toBe(30);
    expect(jobTargetStrength({ lowTargetedStrength: 10 })).toBe(10);
    expect(jobTargetStrength({})).toBeNull();
  });
  it('averages the sensors that have a value', () => {
    expect(jobStrength([10, 20, null])).toBe(15);
    expect(jobStrength([])).toBeNull();
  });
  it('has matured once the strength reaches the target', () => {
    expect(hasMatured(20, 20)).toBe(true);
    expect(hasMatured(19.99, 20)).toBe(false);
    expect(hasMatured(null, 20)).toBe(false);
    expect(hasMatured(25, null)).toBe(false);
  });
});
