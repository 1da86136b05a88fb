import { convert, toMetric, type UnitSystem, unitLabel } from '@sitepulse/domain';
import { z } from 'zod';
import {
  filledRows,
  indexQuantity,
  PROFILE_LIMITS,
  type ProfileFormValues,
  parseDecimal,
  previewFit,
} from './rules.ts';

/**
 * The profile form's rules (the contract's limits, checked before anything is sent). Each message is an
 * i18n key under `profiles.validation`; the screen translates it with `validationParams(system)`, so the
 * limits read in the user's units.
 */
const key = (name: string) => `profiles.validation.${name}`;

const round = (v: number, decimals: number) => Number(v.toFixed(decimals));

/** The values the validation messages interpolate: limits in the user's units, with their unit labels. */
export function validationParams(system: UnitSystem) {
  const t = (c: number) => round(convert('Temperature', c, system), 1);
  return {
    nameMax: PROFILE_LIMITS.nameMax,
    descriptionMax: PROFILE_LIMITS.descriptionMax,
    minBreaks: PROFILE_LIMITS.minBreaks,
    maxBreaks: PROFILE_LIMITS.maxBreaks,
    datumMin: t(PROFILE_LIMITS.datumC.min),
    datumMax: t(PROFILE_LIMITS.datumC.max),
    referenceMin: t(PROFILE_LIMITS.referenceC.min),
    referenceMax: t(PROFILE_LIMITS.referenceC.max),
    temperatureUnit: unitLabel('Temperature', system),
    activationMin: PROFILE_LIMITS.activationEnergy.min,
    activationMax: PROFILE_LIMITS.activationEnergy.max,
    strengthMax: round(convert('Strength', PROFILE_LIMITS.strengthMaxMpa, system), 0),
    strengthUnit: unitLabel('Strength', system),
  };
}

type Ctx = z.RefinementCtx;

/** A typed number: its value, or an issue on `path` (required, not a number, thousands separator). */
function readNumber(ctx: Ctx, path: (string | number)[], text: string): number | undefined {
  const v = parseDecimal(text);
  if (v === null) ctx.addIssue({ code: 'custom', path, message: key('required') });
  else if (typeof v === 'string') ctx.addIssue({ code: 'custom', path, message: key(v) });
  else return v;
  return undefined;
}

function checkTemperature(
  ctx: Ctx,
  field: 'datumTemperature' | 'referenceTemperature',
  text: string,
  range: { min: number; max: number },
  system: UnitSystem,
) {
  const v = readNumber(ctx, [field], text);
  if (v === undefined) return;
  // Compared on the value shown (one decimal), so the limit itself, typed as shown, passes.
  const shown = (x: number) => round(convert('Temperature', x, system), 1);
  if (round(v, 1) < shown(range.min) || round(v, 1) > shown(range.max)) {
    ctx.addIssue({
      code: 'custom',
      path: [field],
      message: key(field === 'datumTemperature' ? 'datumRange' : 'referenceRange'),
    });
  }
}

/**
 * What is wrong with the breaks as a whole (an i18n key), or null: fewer than two or more than 200 filled
 * rows, or, when every row reads as numbers, no two maturities apart or strength not rising (the server's
 * own 400s). The form shows it from the current values, so it goes away as soon as the rows are fixed.
 */
export function breaksProblem(
  v: Pick<ProfileFormValues, 'breaks' | 'maturityFunction'>,
  system: UnitSystem,
  rowsValid = true,
): string | null {
  const filled = filledRows(v.breaks).length;
  if (filled < PROFILE_LIMITS.minBreaks) return key('tooFewBreaks');
  if (filled > PROFILE_LIMITS.maxBreaks) return key('tooManyBreaks');
  if (!rowsValid) return null;
  const fit = previewFit(v, system);
  if (!fit) return key('distinctMaturities');
  if (!(fit.b > 0)) return key('notRising');
  return null;
}

/** The zod schema of the form in a unit system (limits are checked after conversion to metric). */
export function profileFormSchema(system: UnitSystem): z.ZodType<ProfileFormValues, ProfileFormValues> {
  return z
    .object({
      name: z.string(),
      description: z.string(),
      maturityFunction: z.enum(['NURSE_SAUL', 'EQUIVALENT_AGE']),
      datumTemperature: z.string(),
      activationEnergy: z.string(),
      referenceTemperature: z.string(),
      breaks: z.array(z.object({ maturity: z.string(), strength: z.string() })),
    })
    .superRefine((v, ctx) => {
      const name = v.name.trim();
      if (!name) ctx.addIssue({ code: 'custom', path: ['name'], message: key('required') });
      else if (name.length > PROFILE_LIMITS.nameMax)
        ctx.addIssue({ code: 'custom', path: ['name'], message: key('nameTooLong') });
      if (v.description.trim().length > PROFILE_LIMITS.descriptionMax)
        ctx.addIssue({ code: 'custom', path: ['description'], message: key('descriptionTooLong') });

      if (v.maturityFunction === 'NURSE_SAUL') {
        checkTemperature(ctx, 'datumTemperature', v.datumTemperature, PROFILE_LIMITS.datumC, system);
      } else {
        const e = readNumber(ctx, ['activationEnergy'], v.activationEnergy);
        if (
          e !== undefined &&
          (e < PROFILE_LIMITS.activationEnergy.min || e > PROFILE_LIMITS.activationEnergy.max)
        ) {
          ctx.addIssue({ code: 'custom', path: ['activationEnergy'], message: key('activationRange') });
        }
        checkTemperature(
          ctx,
          'referenceTemperature',
          v.referenceTemperature,
          PROFILE_LIMITS.referenceC,
          system,
        );
      }

      const q = indexQuantity(v.maturityFunction);
      let rowsValid = true;
      v.breaks.forEach((row, i) => {
        if (row.maturity.trim() === '' && row.strength.trim() === '') return;
        const m = readNumber(ctx, ['breaks', i, 'maturity'], row.maturity);
        const s = readNumber(ctx, ['breaks', i, 'strength'], row.strength);
        if (m === undefined || s === undefined) rowsValid = false;
        if (m !== undefined) {
          const metric = q ? toMetric(q, m, system) : m;
          if (!(metric > 0) || metric > PROFILE_LIMITS.maturityMax) {
            rowsValid = false;
            ctx.addIssue({
              code: 'custom',
              path: ['breaks', i, 'maturity'],
              message: key('maturityPositive'),
            });
          }
        }
        if (s !== undefined) {
          const mpa = toMetric('Strength', s, system);
          if (s < 0 || mpa > PROFILE_LIMITS.strengthMaxMpa) {
            rowsValid = false;
            ctx.addIssue({ code: 'custom', path: ['breaks', i, 'strength'], message: key('strengthRange') });
          }
        }
      });

      const problem = breaksProblem(v, system, rowsValid);
      if (problem) ctx.addIssue({ code: 'custom', path: ['breaks', 'root'], message: problem });
    });
}
