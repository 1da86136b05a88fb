import type {
  ConcreteProfile,
  CreateConcreteProfileBody,
  LabBreak,
  UpdateConcreteProfileBody,
} from '@sitepulse/contracts';
import {
  DEFAULT_ACTIVATION_ENERGY,
  DEFAULT_DATUM_C,
  DEFAULT_REFERENCE_C,
  fitStrengthCurve,
  type MaturityFunction,
  type StrengthCurveFit,
} from '@sitepulse/domain';
import type { Actor } from '../../lib/actor.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { assertSameCompany } from '../../lib/scope.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { createProfilesRepo, type ProfileRow } from './repo.ts';

/** Reads the stored breaks (JSON text); anything unreadable reads as none. */
function parseBreaks(text: string): LabBreak[] {
  try {
    const v = JSON.parse(text) as unknown;
    if (!Array.isArray(v)) return [];
    return v.filter(
      (b): b is LabBreak =>
        typeof b === 'object' &&
        b !== null &&
        typeof b.maturity === 'number' &&
        typeof b.strength === 'number',
    );
  } catch {
    return [];
  }
}

export function toConcreteProfile(p: ProfileRow): ConcreteProfile {
  return {
    id: p.id,
    companyId: p.company_id,
    name: p.name,
    description: p.description,
    maturityFunction: (p.maturity_function === 'EQUIVALENT_AGE'
      ? 'EQUIVALENT_AGE'
      : 'NURSE_SAUL') as MaturityFunction,
    datumTemperature: p.datum_c,
    activationEnergy: p.activation_energy,
    referenceTemperature: p.reference_c,
    a: p.curve_a,
    b: p.curve_b,
    r2: p.r2,
    minMaturity: p.min_maturity,
    maxMaturity: p.max_maturity,
    breaks: parseBreaks(p.breaks),
    jobCount: p.job_count,
    creationDate: p.created_at,
    lastModified: p.updated_at,
  };
}

/**
 * Fits S = a + b·log10(M) to the lab breaks (domain fitStrengthCurve). 400 when fewer than two
 * breaks lie at different maturities, or when the fitted strength does not rise with maturity.
 */
function fit(breaks: readonly LabBreak[]): StrengthCurveFit {
  const curve = fitStrengthCurve(breaks);
  if (!curve)
    throw badRequest('At least two lab breaks at different maturities are needed to fit the strength curve');
  if (!(curve.b > 0)) throw badRequest('The lab breaks must show strength rising with maturity');
  return curve;
}

const cleanName = (name: string) => {
  const n = name.trim();
  if (n === '') throw badRequest('name must not be blank');
  return n;
};

/**
 * Concrete profiles: lab breaks, the fitted strength curve and its calibrated range. Every user of
 * the company reads them; company admins and job-site admins or editors (access 1 or 2 on at least
 * one job site, never a Read-Only account: jobsites.assertWriterSomewhere) write them. Changing a
 * profile's function, constants or breaks recomputes the started jobs that use it.
 */
export function createProfilesService(deps: ServiceDeps) {
  const repo = createProfilesRepo(deps.db);

  function assertCanWrite(actor: Actor): Promise<void> {
    return deps.jobsites.assertWriterSomewhere(
      actor,
      'Only company admins and job-site admins or editors can change concrete profiles',
    );
  }

  async function get(actor: Actor, id: number): Promise<ConcreteProfile> {
    const p = await repo.find(actor.companyId, id);
    if (!p) throw notFound('Concrete profile not found');
    return toConcreteProfile(p);
  }

  return {
    async listByCompany(actor: Actor, companyId: number): Promise<ConcreteProfile[]> {
      assertSameCompany(actor.companyId, companyId);
      return (await repo.listByCompany(actor.companyId)).map(toConcreteProfile);
    },

    get,

    async create(actor: Actor, body: CreateConcreteProfileBody): Promise<ConcreteProfile> {
      await assertCanWrite(actor);
      const name = cleanName(body.name);
      const curve = fit(body.breaks);
      const now = Date.now();
      const id = await repo.insert({
        company_id: actor.companyId,
        name,
        description: body.description?.trim() ?? '',
        maturity_function: body.maturityFunction ?? 'NURSE_SAUL',
        datum_c: body.datumTemperature ?? DEFAULT_DATUM_C,
        activation_energy: body.activationEnergy ?? DEFAULT_ACTIVATION_ENERGY,
        reference_c: body.referenceTemperature ?? DEFAULT_REFERENCE_C,
        curve_a: curve.a,
        curve_b: curve.b,
        r2: curve.r2,
        min_maturity: curve.minMaturity,
        max_maturity: curve.maxMaturity,
        breaks: JSON.stringify(body.breaks.map((b) => ({ maturity: b.maturity, strength: b.strength }))),
        created_at: now,
        updated_at: now,
      });
      return get(actor, id);
    },

    async update(actor: Actor, id: number, body: UpdateConcreteProfileBody): Promise<ConcreteProfile> {
      const existing = await repo.find(actor.companyId, id);
      if (!existing) throw notFound('Concrete profile not found');
      await assertCanWrite(actor);
      if (Object.values(body).every((v) => v === undefined)) throw badRequest('Nothing to change');
      const name = body.name === undefined ? undefined : cleanName(body.name);
      const curve = body.breaks === undefined ? undefined : fit(body.breaks);
      const changesMaturity =
        curve !== undefined ||
        (body.maturityFunction !== undefined && body.maturityFunction !== existing.maturity_function) ||
        (body.datumTemperature !== undefined && body.datumTemperature !== existing.datum_c) ||
        (body.activationEnergy !== undefined && body.activationEnergy !== existing.activation_energy) ||
        (body.referenceTemperature !== undefined && body.referenceTemperature !== existing.reference_c);
      await repo.update(actor.companyId, id, {
        ...(name !== undefined && { name }),
        ...(body.description !== undefined && { description: body.description.trim() }),
        ...(body.maturityFunction !== undefined && { maturity_function: body.maturityFunction }),
        ...(body.datumTemperature !== undefined && { datum_c: body.datumTemperature }),
        ...(body.activationEnergy !== undefined && { activation_energy: body.activationEnergy }),
        ...(body.referenceTemperature !== undefined && { reference_c: body.referenceTemperature }),
        ...(curve &&
          body.breaks && {
            curve_a: curve.a,
            curve_b: curve.b,
            r2: curve.r2,
            min_maturity: curve.minMaturity,
            max_maturity: curve.maxMaturity,
            breaks: JSON.stringify(body.breaks.map((b) => ({ maturity: b.maturity, strength: b.strength }))),
          }),
        updated_at: Date.now(),
      });
      if (changesMaturity) {
        for (const jobId of await repo.startedJobIds(id)) await deps.maturityEngine.recomputeJob(jobId);
      }
      return get(actor, id);
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
