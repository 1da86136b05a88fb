import type { TextResource } from '@sitepulse/contracts';
import { notFound } from '../../lib/errors.ts';
import type { ResourcesRepo } from './repo.ts';

/** Text resources (e.g. AOMS_MATURITY_STRENGTH_DISCLAIMER) in en and es; falls back to en. */
export function createResourcesService(repo: ResourcesRepo) {
  return {
    async getText(name: string, language = 'en'): Promise<TextResource> {
      const r =
        (await repo.find(name, language)) ?? (language !== 'en' ? await repo.find(name, 'en') : undefined);
      if (!r) throw notFound(`No text resource named ${name}`);
      return { name: r.name, language: r.language, text: r.text };
    },
  };
}
export type ResourcesService = ReturnType<typeof createResourcesService>;
