/**
 * Rules of the concrete profiles screen: who may write, how typed values become the metric body the
 * server takes, the fitted curve in the user's units, and when a fit is poor. Pure functions, tested
 * beside them (rules.test.ts). Choices: docs/decisions/web-concrete-profiles.md.
 */
import type {
  ConcreteProfile,
  CreateConcreteProfileBody,
  UpdateConcreteProfileBody,
} from '@sitepulse/contracts';
import {
  canWriteCompanyProfiles,
  convert,
  DEFAULT_ACTIVATION_ENERGY,
  DEFAULT_DATUM_C,
  DEFAULT_REFERENCE_C,
  fitStrengthCurve,
  formatNumber,
  type LabBreak,
  type MaturityFunction,
  type StrengthCurveFit,
  strengthFromMaturity,
  toMetric,
  type UnitSystem,
} from '@sitepulse/domain';

/** Below this R² the fit is flagged as poor (a warning, not a refusal). */
export const POOR_FIT_R2 = 0.9;

/** The contract's limits (packages/contracts/src/maturity.ts), in metric. */
export const PROFILE_LIMITS = {
  nameMax: 100,
  descriptionMax: 1000,
  minBreaks: 2,
  maxBreaks: 200,
  datumC: { min: -50, max: 50 },
  activationEnergy: { min: 10_000, max: 100_000 },
  referenceC: { min: -20, max: 80 },
  maturityMax: 10_000_000,
  strengthMaxMpa: 1000,
} as const;

/**
 * Who may create and edit profiles: the rule the server applies too (domain canWriteCompanyProfiles): company
 * admins, and users who are admin (1) or editor (2) of at least one job site, never a Read-Only account.
 */
export function canWriteProfiles(
  user:
    | {
        accountType?: string | null;
        userTenantGroupData?: readonly { access: number | string | null }[] | null;
      }
    | null
    | undefined,
): boolean {
  if (!user) return false;
  return canWriteCompanyProfiles(
    user.accountType,
    (user.userTenantGroupData ?? []).map((g) => g.access),
  );
}

/**
 * The quantity a break's index converts as: Nurse-Saul maturity is a temperature-time factor
 * (°C·h ↔ °F·h); equivalent age is hours in both systems (null: no conversion).
 */
export function indexQuantity(fn: MaturityFunction): 'Maturity' | null {
  return fn === 'NURSE_SAUL' ? 'Maturity' : null;
}

/** Why a typed number was refused. */
export type NumberProblem = 'notNumber' | 'thousandsSeparator';

/**
 * A number typed in a form: '.' or ',' as the decimal mark (Spanish keyboards), optional sign. Blank
 * gives null. A comma followed by exactly three digits ('3,000') is refused: it reads as a thousands
 * separator in English and as a decimal mark in Spanish, and guessing wrong would change a value a
 * thousandfold.
 */
export function parseDecimal(text: string): number | null | NumberProblem {
  const s = text.trim();
  if (s === '') return null;
  if (/^[+-]?\d+,\d{3}$/.test(s) || /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) return 'thousandsSeparator';
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(s)) return 'notNumber';
  const n = Number(s.replace(',', '.'));
  return Number.isFinite(n) ? n : 'notNumber';
}

/** A number as an input's text: at most `decimals` decimals, no trailing zeros ('14', '21.3'). */
export function inputText(v: number | null | undefined, decimals: number): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '';
  const rounded = Number(v.toFixed(decimals));
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** Decimals a strength is typed and shown with: psi whole, MPa one decimal. */
export const strengthDecimals = (system: UnitSystem) => (system === 'Imperial' ? 0 : 1);

export interface BreakRow {
  maturity: string;
  strength: string;
}

/** The form's values: text as typed, in the user's units. */
export interface ProfileFormValues {
  name: string;
  description: string;
  maturityFunction: MaturityFunction;
  datumTemperature: string;
  activationEnergy: string;
  referenceTemperature: string;
  breaks: BreakRow[];
}

export const emptyBreak = (): BreakRow => ({ maturity: '', strength: '' });

/** Rows a new profile starts with. */
export const NEW_PROFILE_ROWS = 4;

/** The form's starting values: a profile's own (converted to the user's units), or the server's defaults. */
export function formDefaults(
  profile: ConcreteProfile | null | undefined,
  system: UnitSystem,
): ProfileFormValues {
  const fn: MaturityFunction = profile?.maturityFunction ?? 'NURSE_SAUL';
  const q = indexQuantity(fn);
  return {
    name: profile?.name ?? '',
    description: profile?.description ?? '',
    maturityFunction: fn,
    datumTemperature: inputText(
      convert('Temperature', profile?.datumTemperature ?? DEFAULT_DATUM_C, system),
      1,
    ),
    activationEnergy: inputText(profile?.activationEnergy ?? DEFAULT_ACTIVATION_ENERGY, 0),
    referenceTemperature: inputText(
      convert('Temperature', profile?.referenceTemperature ?? DEFAULT_REFERENCE_C, system),
      1,
    ),
    breaks: profile
      ? profile.breaks.map((b) => ({
          maturity: inputText(q ? convert(q, b.maturity, system) : b.maturity, 1),
          strength: inputText(convert('Strength', b.strength, system), strengthDecimals(system)),
        }))
      : Array.from({ length: NEW_PROFILE_ROWS }, emptyBreak),
  };
}

const isBlankRow = (r: BreakRow) => r.maturity.trim() === '' && r.strength.trim() === '';

/** The filled rows of the breaks table (wholly blank rows are spare rows, ignored). */
export function filledRows(rows: readonly BreakRow[]): BreakRow[] {
  return rows.filter((r) => !isBlankRow(r));
}

/**
 * The filled rows as metric lab breaks (index in °C·h or hours, strength in MPa); rows that do not read
 * as two numbers are left out (the form's validation names them).
 */
export function breaksToMetric(
  rows: readonly BreakRow[],
  fn: MaturityFunction,
  system: UnitSystem,
): LabBreak[] {
  const q = indexQuantity(fn);
  const out: LabBreak[] = [];
  for (const r of filledRows(rows)) {
    const m = parseDecimal(r.maturity);
    const s = parseDecimal(r.strength);
    if (typeof m !== 'number' || typeof s !== 'number') continue;
    out.push({ maturity: q ? toMetric(q, m, system) : m, strength: toMetric('Strength', s, system) });
  }
  return out;
}

/** The fit the server will make of the typed breaks (domain fitStrengthCurve), or null while it cannot. */
export function previewFit(
  values: Pick<ProfileFormValues, 'breaks' | 'maturityFunction'>,
  system: UnitSystem,
) {
  return fitStrengthCurve(breaksToMetric(values.breaks, values.maturityFunction, system));
}

const num = (text: string) => {
  const v = parseDecimal(text);
  return typeof v === 'number' ? v : undefined;
};
/** A typed temperature in °C, to a micro-degree (so 122 °F is exactly the 50 °C limit, not 50.000000001). */
const temperatureC = (text: string, system: UnitSystem) => {
  const v = num(text);
  return v === undefined ? undefined : Number(toMetric('Temperature', v, system).toFixed(6));
};

/** POST body: the constants of the chosen function only (the server defaults the others). */
export function toCreateBody(values: ProfileFormValues, system: UnitSystem): CreateConcreteProfileBody {
  const nurseSaul = values.maturityFunction === 'NURSE_SAUL';
  const body: CreateConcreteProfileBody = {
    name: values.name.trim(),
    maturityFunction: values.maturityFunction,
    breaks: breaksToMetric(values.breaks, values.maturityFunction, system),
  };
  const description = values.description.trim();
  if (description) body.description = description;
  if (nurseSaul) body.datumTemperature = temperatureC(values.datumTemperature, system);
  else {
    body.activationEnergy = num(values.activationEnergy);
    body.referenceTemperature = temperatureC(values.referenceTemperature, system);
  }
  for (const k of Object.keys(body) as (keyof CreateConcreteProfileBody)[]) {
    if (body[k] === undefined) delete body[k];
  }
  return body;
}

const sameRows = (a: readonly BreakRow[], b: readonly BreakRow[]) => {
  const fa = filledRows(a);
  const fb = filledRows(b);
  return (
    fa.length === fb.length &&
    fa.every(
      (r, i) => r.maturity.trim() === fb[i].maturity.trim() && r.strength.trim() === fb[i].strength.trim(),
    )
  );
};

/**
 * PUT body: only what the user changed. Values shown rounded (psi whole, temperatures one decimal) are
 * sent only when edited, so opening and saving a profile never shifts its breaks or constants. A change
 * of function sends the breaks again (their index changes meaning).
 */
export function toUpdateBody(
  values: ProfileFormValues,
  initial: ProfileFormValues,
  system: UnitSystem,
): UpdateConcreteProfileBody {
  const body: UpdateConcreteProfileBody = {};
  const fnChanged = values.maturityFunction !== initial.maturityFunction;
  if (values.name.trim() !== initial.name.trim()) body.name = values.name.trim();
  if (values.description.trim() !== initial.description.trim()) body.description = values.description.trim();
  if (fnChanged) body.maturityFunction = values.maturityFunction;
  if (values.maturityFunction === 'NURSE_SAUL') {
    if (fnChanged || values.datumTemperature.trim() !== initial.datumTemperature.trim())
      body.datumTemperature = temperatureC(values.datumTemperature, system);
  } else {
    if (fnChanged || values.activationEnergy.trim() !== initial.activationEnergy.trim())
      body.activationEnergy = num(values.activationEnergy);
    if (fnChanged || values.referenceTemperature.trim() !== initial.referenceTemperature.trim())
      body.referenceTemperature = temperatureC(values.referenceTemperature, system);
  }
  if (fnChanged || !sameRows(values.breaks, initial.breaks))
    body.breaks = breaksToMetric(values.breaks, values.maturityFunction, system);
  for (const k of Object.keys(body) as (keyof UpdateConcreteProfileBody)[]) {
    if (body[k] === undefined) delete body[k];
  }
  return body;
}

/**
 * The curve S = a + b·log10(M) in the user's units: S in psi or MPa, M in °F·h or °C·h (Nurse-Saul) or
 * hours (equivalent age). With S' = k·S and M' = m·M: S' = k·(a − b·log10 m) + k·b·log10 M'.
 */
export function curveInUnits(
  curve: { a: number; b: number },
  fn: MaturityFunction,
  system: UnitSystem,
): { a: number; b: number } {
  const k = convert('Strength', 1, system);
  const q = indexQuantity(fn);
  const m = q ? convert(q, 1, system) : 1;
  return { a: k * (curve.a - curve.b * Math.log10(m)), b: k * curve.b };
}

/** The fitted curve as text in the user's units: 'S = -46.12 + 22.05 · log₁₀(M)'; psi whole numbers. */
export function equationText(
  curve: { a: number; b: number },
  fn: MaturityFunction,
  system: UnitSystem,
): string {
  const c = curveInUnits(curve, fn, system);
  const d = system === 'Imperial' ? 0 : 2;
  return `S = ${formatNumber(c.a, d)} + ${formatNumber(c.b, d)} · log₁₀(M)`;
}

/** R² as shown: three decimals ('0.987'), '--' when missing. */
export const r2Text = (r2: number | null | undefined) => formatNumber(r2, 3);

/** A break's index as shown: whole °C·h, °F·h or hours ('--' when missing). */
export function indexText(v: number | null | undefined, fn: MaturityFunction, system: UnitSystem): string {
  const q = indexQuantity(fn);
  return formatNumber(q ? convert(q, v, system) : v, 0);
}

/** Whether a fit's R² is below POOR_FIT_R2 (a missing R² is not judged). */
export function isPoorFit(r2: number | null | undefined): boolean {
  return typeof r2 === 'number' && Number.isFinite(r2) && r2 < POOR_FIT_R2;
}

export interface CurveChartData {
  /** x values (index in the user's units), ascending: the samples of the curve and every break. */
  xs: number[];
  /** The curve inside the calibrated range (null outside it). */
  fitted: (number | null)[];
  /** The curve outside the calibrated range, extrapolated (null inside it; both hold the boundaries). */
  extrapolated: (number | null)[];
  /** The breaks, in the user's units. */
  breaks: { x: number; y: number }[];
  xRange: [number, number];
  yMax: number;
}

/** Points of the curve drawn between the range's edges (log-spaced). */
export const CURVE_SAMPLES = 64;

/**
 * What the strength chart draws, in the user's units: the curve over the calibrated range and one octave beyond each end (from half the lowest break maturity to twice the highest), solid inside
 * the range, dashed outside, and the breaks as points. Strengths below zero draw as 0, as the jobs show.
 */
export function curveChartData(
  fit: Pick<StrengthCurveFit, 'a' | 'b' | 'minMaturity' | 'maxMaturity'>,
  breaks: readonly LabBreak[],
  fn: MaturityFunction,
  system: UnitSystem,
): CurveChartData {
  const q = indexQuantity(fn);
  const toX = (m: number) => (q ? convert(q, m, system) : m);
  const toY = (s: number) => convert('Strength', s, system);
  const lo = fit.minMaturity / 2;
  const hi = fit.maxMaturity * 2;
  const metricXs = new Set<number>([fit.minMaturity, fit.maxMaturity]);
  const step = (Math.log10(hi) - Math.log10(lo)) / (CURVE_SAMPLES - 1);
  for (let i = 0; i < CURVE_SAMPLES; i++) metricXs.add(10 ** (Math.log10(lo) + i * step));
  for (const b of breaks) if (b.maturity > 0) metricXs.add(b.maturity);
  const sorted = [...metricXs].filter((m) => m > 0).sort((x, y) => x - y);
  const fitted: (number | null)[] = [];
  const extrapolated: (number | null)[] = [];
  let yMax = 0;
  for (const m of sorted) {
    const y = toY(strengthFromMaturity(m, fit));
    yMax = Math.max(yMax, y);
    const inside = m >= fit.minMaturity && m <= fit.maxMaturity;
    const edge = m === fit.minMaturity || m === fit.maxMaturity;
    fitted.push(inside ? y : null);
    extrapolated.push(!inside || edge ? y : null);
  }
  const points = breaks
    .filter((b) => b.maturity > 0)
    .map((b) => ({ x: toX(b.maturity), y: toY(b.strength) }));
  for (const p of points) yMax = Math.max(yMax, p.y);
  const xs = sorted.map(toX);
  return {
    xs,
    fitted,
    extrapolated,
    breaks: points,
    xRange: [xs[0], xs[xs.length - 1]],
    yMax: yMax > 0 ? yMax * 1.1 : 1,
  };
}

/** Ticks of a log axis: 1, 2 and 5 of each decade within min..max (uPlot's own puts a line at every 1..9). */
export function logSplits(min: number, max: number): number[] {
  const out: number[] = [];
  if (!(min > 0) || !(max > min)) return out;
  for (let k = Math.floor(Math.log10(min)); k <= Math.ceil(Math.log10(max)); k++) {
    for (const m of [1, 2, 5]) {
      const v = Number((m * 10 ** k).toPrecision(6));
      if (v >= min && v <= max) out.push(v);
    }
  }
  return out;
}

/** A log tick's label: '500', '2000', '10k' (thousands shortened from 10 000 up, so a phone's axis stays legible). */
export function logTickLabel(v: number | null | undefined): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '';
  return v >= 10_000 ? `${Number((v / 1000).toPrecision(6))}k` : String(Number(v.toPrecision(6)));
}
