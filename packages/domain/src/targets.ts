/**
 * Strength targets and sign-offs of a pour (issue 13, docs/decisions/strength-targets-and-signoffs.md).
 * The spec's single target (singular, else high/medium/low) stays the first target of a job; the
 * further targets are ours, one per kind. A sign-off records a decision taken on the pour.
 */

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
