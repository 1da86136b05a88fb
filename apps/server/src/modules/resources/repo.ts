import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

export function createResourcesRepo(db: Kysely<Database>) {
  return {
    find(name: string, language: string) {
      return db
        .selectFrom('text_resource')
        .selectAll()
        .where('name', '=', name)
        .where('language', '=', language)
        .executeTakeFirst();
    },
  };
}
export type ResourcesRepo = ReturnType<typeof createResourcesRepo>;
