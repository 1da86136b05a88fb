/**
 * The checklist call both checklist screens read (issue 16; apps/server/src/modules/checklists): the company's
 * templates, all of them (the admin screen, features/checklists) or those of one Lumitrack project (the fill
 * form, features/lumitrack). Keys under queryKeys.checklists; every checklist mutation invalidates
 * queryKeys.checklists.all.
 */
import type { ChecklistTemplate } from '@sitepulse/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { currentIdentity } from './queries.ts';
import { queryKeys } from './query-keys.ts';

/**
 * GET /checklist/templates/by_company/{companyId}: a company admin gets every template (active or not), anyone
 * else the active ones of the projects they can see; `tenantId` keeps those assigned to one project.
 */
export function useChecklistTemplates(tenantId: number | null = null, enabled = true) {
  const companyId = currentIdentity().companyId ?? 0;
  return useQuery({
    queryKey: queryKeys.checklists.templates(companyId, tenantId),
    queryFn: ({ signal }) =>
      apiFetch<ChecklistTemplate[]>(`/checklist/templates/by_company/${companyId}`, {
        signal,
        query: tenantId === null ? {} : { tenantId },
      }),
    enabled: enabled && companyId > 0,
  });
}
