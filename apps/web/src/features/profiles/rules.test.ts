import type { ConcreteProfile } from '@sitepulse/contracts';
import { CONVERSION, fitStrengthCurve, strengthFromMaturity } from '@sitepulse/domain';
import { describe, expect, it } from 'vitest';
import {
  breaksToMetric,
  CURVE_SAMPLES,
  canWriteProfiles,
  curveChartData,
  curveInUnits,
  equationText,
  formDefaults,
  indexText,
  inputText,
  isPoorFit,
  logSplits,
  logTickLabel,
  POOR_FIT_R2,
  type ProfileFormValues,
  parseDecimal,
  previewFit,
  r2Text,
  toCreateBody,
  toUpdateBody,
} from './rules.ts';
import { profileFormSchema, validationParams } from './validation.ts';

const PSI = CONVERSION.PSI_PER_MPA;

const slabBreaks = [
  { maturity: 250, strength: 6.9 },
  { maturity: 500, strength: 13.4 },
  { maturity: 1000, strength: 20.3 },
  { maturity: 2000, strength: 26.1 },
  { maturity: 4000, strength: 33.7 },
];
const slabFit = fitStrengthCurve(slabBreaks);
if (!slabFit) throw new Error('fixture does not fit');

const profile = (over: Partial<ConcreteProfile> = {}): ConcreteProfile => ({
  id: 5,
  companyId: 1,
  name: 'C30 Slab Mix',
  description: 'Lab breaks of March',
  maturityFunction: 'NURSE_SAUL',
  datumTemperature: -10,
  activationEnergy: 40_000,
  referenceTemperature: 20,
  a: slabFit.a,
  b: slabFit.b,
  r2: slabFit.r2,
  minMaturity: slabFit.minMaturity,
  maxMaturity: slabFit.maxMaturity,
  breaks: slabBreaks,
  jobCount: 3,
  creationDate: Date.UTC(2025, 2, 1),
  lastModified: Date.UTC(2025, 2, 2),
  ...over,
});

describe('canWriteProfiles (as the server decides)', () => {
  it.each([
    [{ accountType: 'ADMIN', userTenantGroupData: [] }, true],
    [{ accountType: 'AOMS_MASTER', userTenantGroupData: [] }, true],
    [{ accountType: 'USER', userTenantGroupData: [{ access: 1 }] }, true],
    [{ accountType: 'USER', userTenantGroupData: [{ access: 4 }, { access: 2 }] }, true],
    [{ accountType: 'USER', userTenantGroupData: [{ access: '2' }] }, true],
    [{ accountType: 'USER', userTenantGroupData: [{ access: 4 }] }, false],
    [{ accountType: 'USER', userTenantGroupData: [{ access: 8 }] }, false],
    [{ accountType: 'READONLY_MEMBER', userTenantGroupData: [{ access: 4 }] }, false],
    [{ accountType: 'READONLY_MEMBER', userTenantGroupData: [{ access: 2 }] }, false],
    [{ accountType: 'USER', userTenantGroupData: null }, false],
  ])('%j → %s', (user, expected) => {
    expect(canWriteProfiles(user)).toBe(expected);
  });

  it('is false while the user is not known', () => {
    expect(canWriteProfiles(undefined)).toBe(false);
    expect(canWriteProfiles(null)).toBe(false);
  });
});

describe('parseDecimal', () => {
  it.each([
    ['12', 12],
    [' 12.5 ', 12.5],
    ['12,5', 12.5],
    ['-10', -10],
    ['+3', 3],
    ['.5', 0.5],
    [',5', 0.5],
    ['3046', 3046],
    ['1,25', 1.25],
    ['0.125', 0.125],
  ])('%j → %s', (text, value) => {
    expect(parseDecimal(text)).toBe(value);
  });

  it('reads blank as no value', () => {
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('   ')).toBeNull();
  });

  it.each([['abc'], ['1.2.3'], ['12 psi'], ['1e3'], ['--'], ['1,2,3']])('%j is not a number', (text) => {
    expect(parseDecimal(text)).toBe('notNumber');
  });

  it.each([['3,000'], ['12,345'], ['1,234,567'], ['3,000.5']])(
    '%j is refused as a thousands separator',
    (text) => {
      expect(parseDecimal(text)).toBe('thousandsSeparator');
    },
  );
});

describe('inputText', () => {
  it('trims trailing zeros and rounds', () => {
    expect(inputText(14.000000001, 1)).toBe('14');
    expect(inputText(21.34, 1)).toBe('21.3');
    expect(inputText(3045.79, 0)).toBe('3046');
    expect(inputText(-0.01, 1)).toBe('0');
    expect(inputText(null, 1)).toBe('');
  });
});

describe('formDefaults', () => {
  it('starts a new profile with the server defaults and four blank rows', () => {
    expect(formDefaults(null, 'Metric')).toEqual({
      name: '',
      description: '',
      maturityFunction: 'NURSE_SAUL',
      datumTemperature: '-10',
      activationEnergy: '40000',
      referenceTemperature: '20',
      breaks: Array.from({ length: 4 }, () => ({ maturity: '', strength: '' })),
    });
  });

  it('shows the defaults in Imperial: -10 °C is 14 °F, 20 °C is 68 °F', () => {
    const v = formDefaults(null, 'Imperial');
    expect(v.datumTemperature).toBe('14');
    expect(v.referenceTemperature).toBe('68');
  });

  it("fills a profile's breaks in the user's units: °F·h and whole psi", () => {
    const v = formDefaults(profile(), 'Imperial');
    expect(v.breaks[0]).toEqual({ maturity: '450', strength: String(Math.round(6.9 * PSI)) });
    expect(v.breaks[4]).toEqual({ maturity: '7200', strength: String(Math.round(33.7 * PSI)) });
    const metric = formDefaults(profile(), 'Metric');
    expect(metric.breaks[1]).toEqual({ maturity: '500', strength: '13.4' });
    expect(metric.name).toBe('C30 Slab Mix');
  });

  it('does not convert equivalent age (hours in both systems)', () => {
    const v = formDefaults(
      profile({ maturityFunction: 'EQUIVALENT_AGE', breaks: [{ maturity: 24, strength: 10 }] }),
      'Imperial',
    );
    expect(v.breaks[0].maturity).toBe('24');
  });
});

const filled = (over: Partial<ProfileFormValues> = {}): ProfileFormValues => ({
  ...formDefaults(null, 'Metric'),
  name: '  New mix ',
  breaks: [
    { maturity: '250', strength: '6.9' },
    { maturity: '', strength: '' },
    { maturity: '1000', strength: '20,3' },
    { maturity: '4000', strength: '33.7' },
  ],
  ...over,
});

describe('breaksToMetric and the create body', () => {
  it('skips blank rows and converts Imperial to metric with the domain factors', () => {
    const rows = [
      { maturity: '450', strength: '1000' },
      { maturity: ' ', strength: '' },
      { maturity: '1800', strength: '3000' },
    ];
    const breaks = breaksToMetric(rows, 'NURSE_SAUL', 'Imperial');
    expect(breaks).toHaveLength(2);
    expect(breaks[0].maturity).toBeCloseTo(250, 9);
    expect(breaks[0].strength).toBeCloseTo(1000 / PSI, 9);
    expect(breaks[1].maturity).toBeCloseTo(1000, 9);
    // Equivalent age stays hours.
    expect(breaksToMetric(rows, 'EQUIVALENT_AGE', 'Imperial')[0].maturity).toBe(450);
  });

  it('sends the Nurse-Saul datum only, trimmed name, metric breaks', () => {
    expect(toCreateBody(filled(), 'Metric')).toEqual({
      name: 'New mix',
      maturityFunction: 'NURSE_SAUL',
      datumTemperature: -10,
      breaks: [
        { maturity: 250, strength: 6.9 },
        { maturity: 1000, strength: 20.3 },
        { maturity: 4000, strength: 33.7 },
      ],
    });
  });

  it('sends the activation energy and reference temperature for equivalent age', () => {
    const body = toCreateBody(
      filled({
        maturityFunction: 'EQUIVALENT_AGE',
        activationEnergy: '45000',
        referenceTemperature: '68',
        description: ' lab ',
      }),
      'Imperial',
    );
    expect(body.datumTemperature).toBeUndefined();
    expect(body.activationEnergy).toBe(45_000);
    expect(body.referenceTemperature).toBe(20);
    expect(body.description).toBe('lab');
    expect(body.breaks?.[0].maturity).toBe(250);
  });

  it('sends 122 °F as exactly the 50 °C limit', () => {
    expect(toCreateBody(filled({ datumTemperature: '122' }), 'Imperial').datumTemperature).toBe(50);
  });
});

describe('toUpdateBody: only what changed', () => {
  const p = profile();

  it('is empty when nothing was edited, even in Imperial where values show rounded', () => {
    const initial = formDefaults(p, 'Imperial');
    expect(
      toUpdateBody({ ...initial, breaks: initial.breaks.map((b) => ({ ...b })) }, initial, 'Imperial'),
    ).toEqual({});
  });

  it('ignores an added blank row', () => {
    const initial = formDefaults(p, 'Metric');
    expect(
      toUpdateBody(
        { ...initial, breaks: [...initial.breaks, { maturity: '', strength: '' }] },
        initial,
        'Metric',
      ),
    ).toEqual({});
  });

  it('sends the name alone when only the name changed', () => {
    const initial = formDefaults(p, 'Metric');
    expect(toUpdateBody({ ...initial, name: 'Renamed ' }, initial, 'Metric')).toEqual({ name: 'Renamed' });
  });

  it('sends every break, metric, once one break changed', () => {
    const initial = formDefaults(p, 'Imperial');
    const breaks = initial.breaks.map((b) => ({ ...b }));
    breaks[0] = { maturity: '450', strength: '1100' };
    const body = toUpdateBody({ ...initial, breaks }, initial, 'Imperial');
    expect(Object.keys(body)).toEqual(['breaks']);
    expect(body.breaks).toHaveLength(5);
    expect(body.breaks?.[0].strength).toBeCloseTo(1100 / PSI, 9);
    expect(body.breaks?.[4].maturity).toBeCloseTo(4000, 9);
  });

  it('sends the function, its constants and the breaks when the function changes', () => {
    const initial = formDefaults(p, 'Metric');
    const body = toUpdateBody({ ...initial, maturityFunction: 'EQUIVALENT_AGE' }, initial, 'Metric');
    expect(body).toEqual({
      maturityFunction: 'EQUIVALENT_AGE',
      activationEnergy: 40_000,
      referenceTemperature: 20,
      breaks: slabBreaks,
    });
  });

  it('sends a changed datum in metric', () => {
    const initial = formDefaults(p, 'Imperial');
    expect(toUpdateBody({ ...initial, datumTemperature: '32' }, initial, 'Imperial')).toEqual({
      datumTemperature: 0,
    });
  });
});

describe('the curve in the user units', () => {
  it('is the profile itself in Metric', () => {
    expect(curveInUnits({ a: -46, b: 22 }, 'NURSE_SAUL', 'Metric')).toEqual({ a: -46, b: 22 });
  });

  it('gives the same strength in psi at the same maturity in °F·h', () => {
    const c = curveInUnits({ a: -46, b: 22 }, 'NURSE_SAUL', 'Imperial');
    for (const m of [300, 1000, 5000]) {
      const psi = c.a + c.b * Math.log10(m * 1.8);
      expect(psi).toBeCloseTo((-46 + 22 * Math.log10(m)) * PSI, 6);
    }
  });

  it('does not scale hours of equivalent age', () => {
    const c = curveInUnits({ a: -10, b: 15 }, 'EQUIVALENT_AGE', 'Imperial');
    expect(c.a).toBeCloseTo(-10 * PSI, 9);
    expect(c.b).toBeCloseTo(15 * PSI, 9);
  });

  it('writes the equation with two decimals in MPa and whole psi', () => {
    expect(equationText({ a: -46.123, b: 22.049 }, 'NURSE_SAUL', 'Metric')).toBe(
      'S = -46.12 + 22.05 · log₁₀(M)',
    );
    const c = curveInUnits({ a: -46.123, b: 22.049 }, 'NURSE_SAUL', 'Imperial');
    expect(equationText({ a: -46.123, b: 22.049 }, 'NURSE_SAUL', 'Imperial')).toBe(
      `S = ${Math.round(c.a)} + ${Math.round(c.b)} · log₁₀(M)`,
    );
  });

  it('shows R² with three decimals and indexes whole', () => {
    expect(r2Text(0.98765)).toBe('0.988');
    expect(r2Text(null)).toBe('--');
    expect(indexText(250, 'NURSE_SAUL', 'Imperial')).toBe('450');
    expect(indexText(24.4, 'EQUIVALENT_AGE', 'Imperial')).toBe('24');
    expect(indexText(null, 'NURSE_SAUL', 'Metric')).toBe('--');
  });
});

describe('poor fit', () => {
  it(`flags R² below ${POOR_FIT_R2}`, () => {
    expect(isPoorFit(0.899)).toBe(true);
    expect(isPoorFit(0.9)).toBe(false);
    expect(isPoorFit(0.99)).toBe(false);
    expect(isPoorFit(null)).toBe(false);
  });

  it('previews the fit the server will make', () => {
    const fit = previewFit(filled(), 'Metric');
    const expected = fitStrengthCurve([
      { maturity: 250, strength: 6.9 },
      { maturity: 1000, strength: 20.3 },
      { maturity: 4000, strength: 33.7 },
    ]);
    expect(fit).toEqual(expected);
    expect(previewFit(filled({ breaks: [{ maturity: '250', strength: '5' }] }), 'Metric')).toBeNull();
  });
});

describe('curveChartData', () => {
  const data = curveChartData(slabFit, slabBreaks, 'NURSE_SAUL', 'Imperial');

  it('spans from half the lowest break to twice the highest, ascending, in °F·h', () => {
    expect(data.xRange[0]).toBeCloseTo(125 * 1.8, 6);
    expect(data.xRange[1]).toBeCloseTo(8000 * 1.8, 6);
    for (let i = 1; i < data.xs.length; i++) expect(data.xs[i]).toBeGreaterThan(data.xs[i - 1]);
    expect(data.xs.length).toBeGreaterThanOrEqual(CURVE_SAMPLES);
    expect(data.fitted).toHaveLength(data.xs.length);
    expect(data.extrapolated).toHaveLength(data.xs.length);
  });

  it('draws the curve solid inside the calibrated range and dashed outside, joined at the edges', () => {
    data.xs.forEach((x, i) => {
      const m = x / 1.8;
      const inside = m >= slabFit.minMaturity - 1e-9 && m <= slabFit.maxMaturity + 1e-9;
      const y = strengthFromMaturity(m, slabFit) * PSI;
      if (inside) expect(data.fitted[i]).toBeCloseTo(y, 6);
      else expect(data.fitted[i]).toBeNull();
      if (!inside) expect(data.extrapolated[i]).toBeCloseTo(y, 6);
    });
    const first = data.xs.findIndex((x) => Math.abs(x - 250 * 1.8) < 1e-9);
    expect(data.fitted[first]).not.toBeNull();
    expect(data.extrapolated[first]).not.toBeNull();
  });

  it('puts every break on the chart in psi, and the y range above the highest point', () => {
    expect(data.breaks).toHaveLength(5);
    expect(data.breaks[4].x).toBeCloseTo(7200, 6);
    expect(data.breaks[4].y).toBeCloseTo(33.7 * PSI, 6);
    expect(data.yMax).toBeGreaterThan(Math.max(...data.breaks.map((b) => b.y)));
  });
});

describe('form validation', () => {
  const params = validationParams('Imperial');
  const issues = async (values: ProfileFormValues, system: 'Metric' | 'Imperial' = 'Metric') => {
    const r = await profileFormSchema(system).safeParseAsync(values);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts a filled form', async () => {
    expect(await issues(filled())).toEqual({});
  });

  it('gives the limits in the user units', () => {
    expect(params).toMatchObject({
      datumMin: -58,
      datumMax: 122,
      referenceMin: -4,
      referenceMax: 176,
      temperatureUnit: '°F',
      strengthMax: Math.round(1000 * PSI),
      strengthUnit: 'psi',
    });
  });

  it('requires a name and at most 100 characters', async () => {
    expect(await issues(filled({ name: '  ' }))).toEqual({ name: 'profiles.validation.required' });
    expect(await issues(filled({ name: 'x'.repeat(101) }))).toEqual({
      name: 'profiles.validation.nameTooLong',
    });
  });

  it('checks the datum range in the user units', async () => {
    expect(await issues(filled({ datumTemperature: '122' }), 'Imperial')).toEqual({});
    expect(await issues(filled({ datumTemperature: '123' }), 'Imperial')).toEqual({
      datumTemperature: 'profiles.validation.datumRange',
    });
    expect(await issues(filled({ datumTemperature: '51' }))).toEqual({
      datumTemperature: 'profiles.validation.datumRange',
    });
    expect(await issues(filled({ datumTemperature: '' }))).toEqual({
      datumTemperature: 'profiles.validation.required',
    });
  });

  it('checks the equivalent-age constants only for that function', async () => {
    expect(await issues(filled({ datumTemperature: 'x', maturityFunction: 'EQUIVALENT_AGE' }))).toEqual({});
    expect(
      await issues(
        filled({ maturityFunction: 'EQUIVALENT_AGE', activationEnergy: '5000', referenceTemperature: '90' }),
      ),
    ).toEqual({
      activationEnergy: 'profiles.validation.activationRange',
      referenceTemperature: 'profiles.validation.referenceRange',
    });
  });

  it('names the bad cell of a break row', async () => {
    const breaks = [
      { maturity: '250', strength: '' },
      { maturity: '0', strength: '10' },
      { maturity: 'abc', strength: '-1' },
      { maturity: '1,000', strength: '20' },
      { maturity: '2000', strength: '30' },
    ];
    expect(await issues(filled({ breaks }))).toEqual({
      'breaks.0.strength': 'profiles.validation.required',
      'breaks.1.maturity': 'profiles.validation.maturityPositive',
      'breaks.2.maturity': 'profiles.validation.notNumber',
      'breaks.2.strength': 'profiles.validation.strengthRange',
      'breaks.3.maturity': 'profiles.validation.thousandsSeparator',
    });
  });

  it('needs two breaks at different maturities, with strength rising', async () => {
    expect(await issues(filled({ breaks: [{ maturity: '250', strength: '5' }] }))).toEqual({
      'breaks.root': 'profiles.validation.tooFewBreaks',
    });
    expect(
      await issues(
        filled({
          breaks: [
            { maturity: '250', strength: '5' },
            { maturity: '250', strength: '6' },
          ],
        }),
      ),
    ).toEqual({ 'breaks.root': 'profiles.validation.distinctMaturities' });
    expect(
      await issues(
        filled({
          breaks: [
            { maturity: '250', strength: '20' },
            { maturity: '2000', strength: '10' },
          ],
        }),
      ),
    ).toEqual({ 'breaks.root': 'profiles.validation.notRising' });
  });

  it('refuses a strength above 1000 MPa, typed in psi', async () => {
    const breaks = [
      { maturity: '450', strength: '146000' },
      { maturity: '900', strength: '2000' },
    ];
    expect(await issues(filled({ breaks }), 'Imperial')).toEqual({
      'breaks.0.strength': 'profiles.validation.strengthRange',
    });
  });
});

describe('the log maturity axis', () => {
  it('ticks at 1, 2 and 5 of each decade within the range', () => {
    expect(logSplits(225, 28_800)).toEqual([500, 1000, 2000, 5000, 10_000, 20_000]);
    expect(logSplits(0.5, 3)).toEqual([0.5, 1, 2]);
    expect(logSplits(0, 10)).toEqual([]);
  });

  it('shortens thousands from 10 000 up', () => {
    expect(logTickLabel(500)).toBe('500');
    expect(logTickLabel(5000)).toBe('5000');
    expect(logTickLabel(20_000)).toBe('20k');
    expect(logTickLabel(0.5)).toBe('0.5');
    // uPlot hands null for a tick it leaves out.
    expect(logTickLabel(null)).toBe('');
  });
});
