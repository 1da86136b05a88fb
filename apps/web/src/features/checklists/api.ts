/**
 * The calls of the checklist templates screen (spec section 7 "Checklists"; apps/server/src/modules/checklists):
 * create, rename, edit the items, assign projects, activate or deactivate, and the audit. The templates list is
 * shared with the fill form, in api/checklists.ts. Keys under queryKeys.checklists; every mutation invalidates
 * queryKeys.checklists.all, so the list and the audit read again.
 */
import type {
  ChecklistAssignNameBody,
  ChecklistAssignTemplateBody,
  ChecklistAssignTenantsBody,
  ChecklistAuditEntry,
  ChecklistTemplate,
  ChecklistTemplateCreateBody,
  ChecklistToggleBody,
} from '@sitepulse/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { currentIdentity } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';

const T = '/checklist/templates';

/** POST .../audits/users: who did what to the templates (one template's, or all), newest first. */
export function useChecklistAudits(templateId: number | null) {
  const companyId = currentIdentity().companyId ?? 0;
  return useQuery({
    queryKey: queryKeys.checklists.audits(companyId, templateId),
    queryFn: ({ signal }) =>
      apiFetch<ChecklistAuditEntry[]>(`${T}/audits/users`, {
        method: 'POST',
        signal,
        body: templateId === null ? { companyId } : { companyId, templateId },
      }),
    enabled: companyId > 0,
  });
}

function useTemplateMutation<TBody>(run: (body: TBody) => Promise<ChecklistTemplate>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.checklists.all }),
  });
}

/** POST .../templates: a new template (version 1), recorded as CREATE. */
export const useCreateTemplate = () =>
  useTemplateMutation((body: Omit<ChecklistTemplateCreateBody, 'companyId'>) =>
    apiFetch<ChecklistTemplate>(T, {
      method: 'POST',
      body: { ...body, companyId: currentIdentity().companyId ?? undefined },
    }),
  );

/** PUT .../cmd/assign_name. */
export const useRenameTemplate = () =>
  useTemplateMutation((body: ChecklistAssignNameBody) =>
    apiFetch<ChecklistTemplate>(`${T}/cmd/assign_name`, { method: 'PUT', body }),
  );

/** PUT .../cmd/assign_template: the items; the version moves on, filled checklists keep theirs. */
export const useEditTemplate = () =>
  useTemplateMutation((body: ChecklistAssignTemplateBody) =>
    apiFetch<ChecklistTemplate>(`${T}/cmd/assign_template`, { method: 'PUT', body }),
  );

/** POST .../cmd/assign_tenants: every project it is assigned to from now on. */
export const useAssignProjects = () =>
  useTemplateMutation((body: ChecklistAssignTenantsBody) =>
    apiFetch<ChecklistTemplate>(`${T}/cmd/assign_tenants`, { method: 'POST', body }),
  );

/** PUT .../cmd/toggle: activate or deactivate. */
export const useToggleTemplate = () =>
  useTemplateMutation((body: ChecklistToggleBody) =>
    apiFetch<ChecklistTemplate>(`${T}/cmd/toggle`, { method: 'PUT', body }),
  );
