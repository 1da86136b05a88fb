import { forbidden } from './errors.ts';

/** Every call is scoped to the caller's company: naming another company answers 403. */
export function assertSameCompany(callerCompanyId: number, requested: number | undefined): void {
  if (requested !== undefined && requested !== callerCompanyId) {
    throw forbidden('This resource belongs to another company');
  }
}
