/**
 * Strength targets and sign-offs of a pour (issue 13, docs/decisions/strength-targets-and-signoffs.md).
 * The spec's single target (singular, else high/medium/low) stays the first target of a job; the
 * further targets are ours, one per kind. A sign-off records a decision taken on the pour.
 */
import { CONVERSION } from './units.ts';

/** What a strength target is for, in the order a pour reaches them. */
export const JOB_TARGET_KINDS = ['STRIPPING', 'POST_TENSIONING', 'OPEN_TO_TRAFFIC', 'DESIGN'] as const;
export type JobTargetKind = (typeof JOB_TARGET_KINDS)[number];

/** The kind of the spec's target when the job does not say. */
export const DEFAULT_TARGET_KIND: JobTargetKind = 'STRIPPING';

/** Units a target may be entered in: it is shown back in that unit. */
export const TARGET_UNITS = ['MPa', 'psi'] as const;
export type TargetUnit = (typeof TARGET_UNITS)[number];

/** Decisions a writer records on a maturity job. */
export const SIGNOFF_DECISIONS = [
  'FORMS_STRIPPED',
  'TENDONS_STRESSED',
  'OPENED_TO_TRAFFIC',
  'LOADED',
] as const;
export type SignoffDecision = (typeof SIGNOFF_DECISIONS)[number];

/** Longest sign-off note, in characters. */
export const SIGNOFF_NOTE_MAX = 2000;

/** The strongest target, MPa (what the strength threshold alarm accepts too). */
export const TARGET_MPA_MAX = 1000;
const PSI_PER_MPA = CONVERSION.PSI_PER_MPA;
/** The largest figure a target may be entered as, in either unit: 1000 MPa in psi, rounded up. */
export const TARGET_ENTERED_MAX = Math.ceil(TARGET_MPA_MAX * PSI_PER_MPA);

/** A target entered in a unit, in MPa (what is stored and compared). */
export function targetMpa(value: number, unit: TargetUnit): number {
  return unit === 'psi' ? value / PSI_PER_MPA : value;
}

/**
 * A stored target (MPa) as the figure entered in `unit`: psi to the hundredth, so 3000 psi entered
 * (20.684 MPa stored) reads 3000 psi again, not a figure rounded twice.
 */
export function enteredTargetValue(mpa: number, unit: TargetUnit): number {
  return unit === 'psi' ? Math.round(mpa * PSI_PER_MPA * 100) / 100 : mpa;
}
