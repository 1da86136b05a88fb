import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

/** Reads of the exports beyond the readings: the concrete profile a maturity job computes with. */
export function createExportsRepo(db: Kysely<Database>) {
  return {
    profile: (companyId: number, id: number) =>
      db
        .selectFrom('concrete_profile')
        .select([
          'id',
          'maturity_function',
          'datum_c',
          'activation_energy',
          'reference_c',
          'curve_a',
          'curve_b',
        ])
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst(),
  };
}
