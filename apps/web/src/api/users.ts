/**
 * The people calls (spec section 7 "Settings and users"; apps/server/src/modules/users), shared by user
 * management, job-site members, my profile and the password screens. Every mutation reloads the user
 * queries (queryKeys.users.all) and, when it changes who sees which job site, the job sites too.
 */
import type {
  AssignAccountTypeBody,
  AssignPhoneBody,
  ChangeTempPwdBody,
  ChangeTempPwdResult,
  InitChangePwdBody,
  InitResetPwdBody,
  InviteBody,
  InviteListBody,
  InviteResult,
  OkResult,
  OutboxMessage,
  ReinviteBody,
  ResetPwdConfirmBody,
  TenantGroupAccessType,
  TenantGroupGrantBody,
  TenantGroupMember,
  TenantGroupRevokeQuery,
  ToggleUserBody,
  UpdateUserDetailsBody,
  UpdateUserSettingsBody,
  UserAuditEntry,
  UserRef,
  UserSettingValues,
  UserSummary,
  VerifyUsernameResult,
} from '@sitepulse/contracts';
import { MEMBER_ACCESS_CODES } from '@sitepulse/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { currentIdentity } from './queries.ts';
import { queryKeys } from './query-keys.ts';

/** The caller's company id (0 before sign-in; queries wait for a real one). */
function companyOf(): number {
  return currentIdentity().companyId ?? 0;
}

/** GET /v2/users/list: the company's users (admins). */
export function useCompanyUsers(enabled = true) {
  const companyId = companyOf();
  return useQuery({
    queryKey: queryKeys.users.list(companyId),
    queryFn: ({ signal }) => apiFetch<UserSummary[]>('/v2/users/list', { signal, query: { companyId } }),
    enabled: enabled && companyId > 0,
  });
}

/** GET /v2/users/list/by_tenant_group: a job site's members with their role there. */
export function useJobSiteMembers(tenantGroupId: number | undefined) {
  const companyId = companyOf();
  return useQuery({
    queryKey: queryKeys.users.members(companyId, tenantGroupId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<TenantGroupMember[]>('/v2/users/list/by_tenant_group', {
        signal,
        query: { companyId, tenantGroupId },
      }),
    enabled: companyId > 0 && tenantGroupId !== undefined && Number.isFinite(tenantGroupId),
  });
}

/** GET /v2/users/settings/values: the languages, unit systems and time zones a user may choose. */
export function useSettingValues(enabled = true) {
  return useQuery({
    queryKey: queryKeys.users.settingValues(),
    queryFn: ({ signal }) => apiFetch<UserSettingValues>('/v2/users/settings/values', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

/**
 * GET /v2/users/tenant_groups/access_types: the job-site roles a member may be given, as codes (1 admin,
 * 2 editor, 4 viewer, 8 inspector; the screens translate their labels). The domain's list until it answers.
 */
export function useAccessCodes(): readonly number[] {
  const types = useQuery({
    queryKey: queryKeys.users.accessTypes(),
    queryFn: ({ signal }) =>
      apiFetch<TenantGroupAccessType[]>('/v2/users/tenant_groups/access_types', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return types.data?.map((a) => a.code) ?? MEMBER_ACCESS_CODES;
}

/** GET /v2/users/audits: what was done to the company's users (or one of them), newest first (admins). */
export function useUserAudits(username?: string) {
  const companyId = companyOf();
  return useQuery({
    queryKey: queryKeys.users.audits(companyId, username ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<UserAuditEntry[]>('/v2/users/audits', { signal, query: { companyId, username } }),
    enabled: companyId > 0,
  });
}

/** GET /mail/outbox: the messages sent to the company's users (admins). */
export function useOutbox(enabled = true) {
  const companyId = companyOf();
  return useQuery({
    queryKey: queryKeys.users.outbox(companyId),
    queryFn: ({ signal }) => apiFetch<OutboxMessage[]>('/mail/outbox', { signal, query: { companyId } }),
    enabled: enabled && companyId > 0,
  });
}

type WithoutCompany<T> = Omit<T, 'companyId'>;

/**
 * One mutation per people call. `sites`: the call changes who sees which job site, so the job-site list
 * (and the shell's details of the signed-in user) reload too.
 */
function usePeopleMutation<I, O>(call: (input: I) => Promise<O>, opts: { sites?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.users.all });
      if (opts.sites) await client.invalidateQueries({ queryKey: queryKeys.tenantGroups.all });
    },
  });
}

const withCompany = <T extends object>(body: T) => ({ companyId: companyOf(), ...body });

/** POST /v2/users/invite. */
export const useInviteUser = () =>
  usePeopleMutation(
    (body: WithoutCompany<InviteBody>) =>
      apiFetch<InviteResult>('/v2/users/invite', { method: 'POST', body: withCompany(body) }),
    { sites: true },
  );

/** POST /v2/users/invite/list. */
export const useInviteUsers = () =>
  usePeopleMutation(
    (body: WithoutCompany<InviteListBody>) =>
      apiFetch<InviteResult[]>('/v2/users/invite/list', { method: 'POST', body: withCompany(body) }),
    { sites: true },
  );

/** POST /v2/users/reinvite. */
export const useReinviteUser = () =>
  usePeopleMutation((body: WithoutCompany<ReinviteBody>) =>
    apiFetch<OkResult>('/v2/users/reinvite', { method: 'POST', body: withCompany(body) }),
  );

/** POST /v2/users/invite/cmd/verify_username: whether a username is free (not a query: asked as one types). */
export function verifyUsername(username: string, signal?: AbortSignal) {
  return apiFetch<VerifyUsernameResult>('/v2/users/invite/cmd/verify_username', {
    method: 'POST',
    body: withCompany({ username }),
    signal,
  });
}

/** PUT /v2/users/details. */
export const useUpdateUserDetails = () =>
  usePeopleMutation((body: WithoutCompany<UpdateUserDetailsBody>) =>
    apiFetch<UserSummary>('/v2/users/details', { method: 'PUT', body: withCompany(body) }),
  );

/** PUT /v2/users/details/cmd/assign_phone. */
export const useAssignPhone = () =>
  usePeopleMutation((body: WithoutCompany<AssignPhoneBody>) =>
    apiFetch<UserSummary>('/v2/users/details/cmd/assign_phone', { method: 'PUT', body: withCompany(body) }),
  );

/** PUT /v2/users/settings. */
export const useUpdateUserSettings = () =>
  usePeopleMutation((body: WithoutCompany<UpdateUserSettingsBody>) =>
    apiFetch<OkResult>('/v2/users/settings', { method: 'PUT', body: withCompany(body) }),
  );

/** PUT /v2/users/cmd/assign_account_type. */
export const useAssignAccountType = () =>
  usePeopleMutation((body: WithoutCompany<AssignAccountTypeBody>) =>
    apiFetch<UserSummary>('/v2/users/cmd/assign_account_type', { method: 'PUT', body: withCompany(body) }),
  );

/** PUT /v2/users/cmd/toggle: activate or deactivate. */
export const useToggleUser = () =>
  usePeopleMutation((body: WithoutCompany<ToggleUserBody>) =>
    apiFetch<UserSummary>('/v2/users/cmd/toggle', { method: 'PUT', body: withCompany(body) }),
  );

/** DELETE /v2/users. */
export const useDeleteUser = () =>
  usePeopleMutation(
    (ref: WithoutCompany<UserRef>) =>
      apiFetch<OkResult>('/v2/users', { method: 'DELETE', query: withCompany(ref) }),
    { sites: true },
  );

/** POST /v2/users/tenant_groups: gives a user a role on a job site. */
export const useGrantJobSite = () =>
  usePeopleMutation(
    (body: WithoutCompany<TenantGroupGrantBody>) =>
      apiFetch<UserSummary>('/v2/users/tenant_groups', { method: 'POST', body: withCompany(body) }),
    { sites: true },
  );

/** PUT /v2/users/tenant_groups: changes a member's role. */
export const useChangeJobSiteRole = () =>
  usePeopleMutation(
    (body: WithoutCompany<TenantGroupGrantBody>) =>
      apiFetch<UserSummary>('/v2/users/tenant_groups', { method: 'PUT', body: withCompany(body) }),
    { sites: true },
  );

/** DELETE /v2/users/tenant_groups: removes a member from a job site. */
export const useRevokeJobSite = () =>
  usePeopleMutation(
    (q: WithoutCompany<TenantGroupRevokeQuery>) =>
      apiFetch<OkResult>('/v2/users/tenant_groups', { method: 'DELETE', query: withCompany(q) }),
    { sites: true },
  );

/** POST /v2/users/cmd/init_change_pwd: the signed-in user's new password (my profile). */
export const useChangePassword = () =>
  usePeopleMutation((body: InitChangePwdBody) =>
    apiFetch<OkResult>('/v2/users/cmd/init_change_pwd', { method: 'POST', body }),
  );

/** POST /v2/users/cmd/init_reset_pwd: a reset link by username or phone (no sign-in). */
export function initResetPassword(body: InitResetPwdBody) {
  return apiFetch<OkResult>('/v2/users/cmd/init_reset_pwd', { method: 'POST', body, auth: 'none' });
}

/** POST /v2/users/cmd/reset_pwd_confirm: the new password with the token of the /reset_pwd link. */
export function confirmResetPassword(body: ResetPwdConfirmBody) {
  return apiFetch<OkResult>('/v2/users/cmd/reset_pwd_confirm', { method: 'POST', body, auth: 'none' });
}

/** POST /v2/users/cmd/change_temp_pwd: the first password with the token of the /create_pwd link. */
export function createPassword(body: ChangeTempPwdBody) {
  return apiFetch<ChangeTempPwdResult>('/v2/users/cmd/change_temp_pwd', {
    method: 'POST',
    body,
    auth: 'none',
  });
}
