import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AssignAccountTypeBody,
  AssignPhoneBody,
  ChangeTempPwdBody,
  ChangeTempPwdResult,
  CompanyQuery,
  DeleteUserQuery,
  InitChangePwdBody,
  InitResetPwdBody,
  InitResetPwdByEmailBody,
  InviteBody,
  InviteListBody,
  InviteResult,
  InviteResultList,
  OkResult,
  ReinviteBody,
  ResetPwdConfirmBody,
  TenantGroupAccessTypeList,
  TenantGroupGrantBody,
  TenantGroupMemberList,
  TenantGroupMembersQuery,
  TenantGroupRevokeQuery,
  ToggleUserBody,
  UpdateUserDetailsBody,
  UpdateUserSettingsBody,
  UserAuditList,
  UserAuditQuery,
  UserDetail,
  UserDetailQuery,
  UserSummary,
  UserSummaryList,
  VerifyUsernameBody,
  VerifyUsernameListBody,
  VerifyUsernameResult,
  VerifyUsernameResultList,
} from '@sitepulse/contracts';
import { WEAK_PASSWORD_CODE } from '@sitepulse/domain';
import { requireActor } from '../../lib/actor.ts';
import { AUTHED_ERRORS, BEARER, errorResponses, withTenant } from '../../lib/http.ts';
import { TENANT_GROUP_ACCESS } from '../../lib/roles.ts';
import type { ModuleOptions } from '../../services.ts';
import { RESET_ACCOUNT_WINDOW_MS, RESET_MAILS_PER_ACCOUNT } from './passwords.ts';

/** The errors of a people change: bad input 400, not signed in 401, not allowed 403, unknown 404, conflict 409. */
const CHANGE_ERRORS = errorResponses(400, 401, 403, 404, 409);
const COMPANY_ADMINS = 'Company admins only (ADMIN or an AOMS account type); others 403.';
const SITE_ADMINS =
  "Company admins, and job-site admins (access 1, not a Read-Only account) for their own job sites' members; " +
  'others 403.';
const SCOPE =
  'Another companyId: 403. A username or job site that is not the company’s: 404. A refused call changes nothing.';
const RESET_LIMITS =
  `Requests are counted per client address (AUTH_RATE_LIMIT_MAX in AUTH_RATE_LIMIT_WINDOW_S) and per username, ` +
  `e-mail or phone, known or not (${RESET_MAILS_PER_ACCOUNT} in ${RESET_ACCOUNT_WINDOW_MS / 60_000} minutes): past ` +
  'either, 429 and nothing is sent. An account gets at most as many reset messages in that time, whatever names it.';
const WEAK =
  "A new password that is too easy to guess (a common one, a simple pattern, the user's own name or e-mail): " +
  `400 ${WEAK_PASSWORD_CODE}, and nothing changes (the link still works).`;

/**
 * The people calls (spec section 7 "Settings and users"; docs/decisions/people-and-access.md says who
 * may call which). Every change writes the user audit; e-mailed links start with PUBLIC_URL (config only:
 * never a request's Host or X-Forwarded-* header, which the caller chooses).
 */
export const usersRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services, config }) => {
  const { users, settings } = services;
  const base = { tags: ['users'], security: BEARER };
  const publicCall = { tags: ['users'] };
  const linkBase = config.publicUrl;

  app.get(
    '/v2/users/details',
    {
      schema: {
        ...base,
        summary:
          "A user's details: the signed-in user's own (anyone, invited users too); company admins any user",
        description: `Without username: the caller. Another user: ${COMPANY_ADMINS} ${SCOPE}`,
        querystring: withTenant(UserDetailQuery),
        response: { 200: UserDetail, ...AUTHED_ERRORS },
      },
    },
    async (req) => users.getDetail(requireActor(req), req.query),
  );

  app.get(
    '/v2/users/tenant_groups/access_types',
    {
      schema: {
        ...base,
        summary:
          'Job-site member roles and their access codes (1 admin, 2 editor, 4 viewer, 8 inspector); anyone signed in',
        response: { 200: TenantGroupAccessTypeList, ...AUTHED_ERRORS },
      },
    },
    async () => TENANT_GROUP_ACCESS.map((a) => ({ ...a })),
  );

  app.get(
    '/v2/users/list',
    {
      schema: {
        ...base,
        summary: "The company's users, deleted ones left out (company admins only)",
        description: `${COMPANY_ADMINS} ${SCOPE}`,
        querystring: CompanyQuery,
        response: { 200: UserSummaryList, ...AUTHED_ERRORS },
      },
    },
    async (req) => users.list(requireActor(req), req.query.companyId),
  );

  app.get(
    '/v2/users/list/by_tenant_group',
    {
      schema: {
        ...base,
        summary:
          "A job site's members with their role there (company admins; the site's members except inspectors)",
        description:
          'Company admins: any job site of the company. Others: a job site they are a member of, unless they are ' +
          `an inspector there (403). A job site that is not the caller's: 404. ${SCOPE}`,
        querystring: TenantGroupMembersQuery,
        response: { 200: TenantGroupMemberList, ...AUTHED_ERRORS },
      },
    },
    async (req) => users.listByTenantGroup(requireActor(req), req.query.companyId, req.query.tenantGroupId),
  );

  app.put(
    '/v2/users/details',
    {
      schema: {
        ...base,
        summary:
          'Changes a name or e-mail (the user themself; company admins anyone); completeSetup: themself only',
        description:
          'completeSetup: true saves the account setup of an invited user (status INVITATION_WELCOME_EMAIL_SENT → ' +
          'ACCEPTED; the user themself only, 409 when already set up). An e-mail another live user of the company ' +
          `has: 409. ${SCOPE}`,
        body: UpdateUserDetailsBody,
        response: { 200: UserSummary, ...CHANGE_ERRORS },
      },
    },
    async (req) => users.updateDetails(requireActor(req), req.body),
  );

  app.put(
    '/v2/users/details/cmd/assign_phone',
    {
      schema: {
        ...base,
        summary: 'Sets or removes (null) a phone number (the user themself; company admins anyone)',
        description:
          "The number must be valid for its country (400 'Invalid phone number'); one another live user of the " +
          `company has: 409. ${SCOPE}`,
        body: AssignPhoneBody,
        response: { 200: UserSummary, ...CHANGE_ERRORS },
      },
    },
    async (req) => users.assignPhone(requireActor(req), req.body),
  );

  app.put(
    '/v2/users/settings',
    {
      schema: {
        ...base,
        summary: 'Changes several of your own settings at once (the user themself only)',
        description:
          'Each value as PUT /settings/user accepts it; one wrong value, or a type given twice, answers 400 and ' +
          `saves none. Another user's settings: 403. ${SCOPE}`,
        body: UpdateUserSettingsBody,
        response: { 200: OkResult, ...AUTHED_ERRORS },
      },
    },
    async (req) => {
      await settings.putMany(requireActor(req), req.body);
      return { ok: true };
    },
  );

  app.put(
    '/v2/users/cmd/assign_account_type',
    {
      schema: {
        ...base,
        summary: "Changes a user's account type: ADMIN, USER or READONLY_MEMBER (company admins only)",
        description: `${COMPANY_ADMINS} Not on oneself (400). ${SCOPE}`,
        body: AssignAccountTypeBody,
        response: { 200: UserSummary, ...CHANGE_ERRORS },
      },
    },
    async (req) => users.assignAccountType(requireActor(req), req.body),
  );

  app.put(
    '/v2/users/cmd/toggle',
    {
      schema: {
        ...base,
        summary: 'Activates or deactivates a user; a deactivated user is signed out (company admins only)',
        description: `${COMPANY_ADMINS} Not on oneself (400). ${SCOPE}`,
        body: ToggleUserBody,
        response: { 200: UserSummary, ...CHANGE_ERRORS },
      },
    },
    async (req) => users.toggle(requireActor(req), req.body),
  );

  app.delete(
    '/v2/users',
    {
      schema: {
        ...base,
        summary:
          'Deletes a user: signed out, job-site access removed, row kept for the audit (company admins only)',
        description:
          `${COMPANY_ADMINS} Not on oneself (400). The user can no longer sign in and is not listed; the ` +
          `username stays taken and the audit keeps naming them. ${SCOPE}`,
        querystring: DeleteUserQuery,
        response: { 200: OkResult, ...CHANGE_ERRORS },
      },
    },
    async (req) => {
      await users.deleteUser(requireActor(req), req.query);
      return { ok: true };
    },
  );

  app.post(
    '/v2/users/cmd/init_reset_pwd/by_email',
    {
      config: { auth: 'public' },
      schema: {
        ...publicCall,
        summary:
          'Starts a password reset by e-mail address: a single-use link (1 hour) when the address is known',
        description:
          'Public. Answers 200 {ok:true} whether or not the address belongs to a user (no account enumeration); ' +
          `the e-mail is in the user's language. ${RESET_LIMITS}`,
        body: InitResetPwdByEmailBody,
        response: { 200: OkResult, ...errorResponses(400, 429) },
      },
    },
    async (req) => {
      await users.initResetPasswordByEmail(req.body.companyId, req.body.email, linkBase, req.ip);
      return { ok: true };
    },
  );

  app.post(
    '/v2/users/cmd/init_reset_pwd',
    {
      config: { auth: 'public' },
      schema: {
        ...publicCall,
        summary:
          'Starts a password reset by username or +phone: a single-use link (1 hour) when the user is known',
        description:
          'Public. Answers 200 {ok:true} whether or not the user exists. The link goes by e-mail (a user with a ' +
          `phone only: a text message kept in the outbox); earlier unused reset links stop working. ${RESET_LIMITS}`,
        body: InitResetPwdBody,
        response: { 200: OkResult, ...errorResponses(400, 429) },
      },
    },
    async (req) => {
      await users.initResetPassword(req.body.companyId, req.body.username, linkBase, req.ip);
      return { ok: true };
    },
  );

  app.post(
    '/v2/users/cmd/reset_pwd_confirm',
    {
      config: { auth: 'public' },
      schema: {
        ...publicCall,
        summary: 'Sets a new password with the token of a reset link (public); the token works once',
        description:
          'Only reset links (/reset_pwd), not invitation links. Signs out every session of the user. Invalid, ' +
          `used or expired token: 400. ${WEAK}`,
        body: ResetPwdConfirmBody,
        response: { 200: OkResult, ...errorResponses(400) },
      },
    },
    async (req) => {
      await users.confirmResetPassword(req.body.token, req.body.password);
      return { ok: true };
    },
  );

  app.post(
    '/v2/users/cmd/init_change_pwd',
    {
      schema: {
        ...base,
        summary: 'Changes your own password, given the current one (anyone signed in)',
        description:
          'A wrong current password: 400 and nothing changes; wrong ones are counted per user and per client ' +
          'address like failed sign-ins, past AUTH_RATE_LIMIT_MAX in AUTH_RATE_LIMIT_WINDOW_S the call answers ' +
          `429. Your other sessions are signed out; this one stays. ${WEAK}`,
        body: InitChangePwdBody,
        response: { 200: OkResult, ...AUTHED_ERRORS, ...errorResponses(429) },
      },
    },
    async (req) => {
      await users.changePassword(requireActor(req), req.body, req.ip);
      return { ok: true };
    },
  );

  app.post(
    '/v2/users/cmd/change_temp_pwd',
    {
      config: { auth: 'public' },
      schema: {
        ...publicCall,
        summary: 'Creates the first password with the token of an invitation link (/create_pwd; public)',
        description:
          'Only invitation links, not reset links; the token works once, within 7 days (else 400). Answers who the ' +
          'password is for and a company token, so the page can sign them in; the invitation stays INVITATION_WELCOME_EMAIL_SENT until ' +
          `the account setup is saved. ${WEAK}`,
        body: ChangeTempPwdBody,
        response: { 200: ChangeTempPwdResult, ...errorResponses(400) },
      },
    },
    async (req) => {
      const created = await users.createPassword(req.body.token, req.body.password);
      // The link may open on a browser that never entered the company code: give it the company token too.
      const companyToken = await services.auth.signer.signCompany(
        created.companyId,
        Date.now() + config.companyTokenTtlS * 1000,
      );
      return { ...created, companyToken };
    },
  );

  app.post(
    '/v2/users/invite',
    {
      schema: {
        ...base,
        summary:
          'Invites a user by e-mail or phone, with job-site roles (company admins; job-site admins to their sites)',
        description:
          `${SITE_ADMINS} Job-site admins name at least one of their own job sites and only account type USER. ` +
          'An e-mail or phone of an existing user of the company gives them the roles instead (existing: true). ' +
          'A taken username: 409. The invitation e-mail (or, by phone, a text message kept in the outbox) is ' +
          `in the invitation's language. ${SCOPE}`,
        body: InviteBody,
        response: { 200: InviteResult, ...CHANGE_ERRORS },
      },
    },
    async (req) => users.invite(requireActor(req), req.body, linkBase),
  );

  app.post(
    '/v2/users/invite/list',
    {
      schema: {
        ...base,
        summary:
          'Invites several users; all are checked first and none is made if one is wrong (company admins only)',
        description: `${COMPANY_ADMINS} The error names the invitation (e.g. 'Invitation 2: …'). ${SCOPE}`,
        body: InviteListBody,
        response: { 200: InviteResultList, ...CHANGE_ERRORS },
      },
    },
    async (req) => users.inviteList(requireActor(req), req.body, linkBase),
  );

  app.post(
    '/v2/users/reinvite',
    {
      schema: {
        ...base,
        summary:
          'Sends a new invitation link; the earlier links stop working (company admins; admins of their sites)',
        description:
          `${SITE_ADMINS} Job-site admins only for members of their job sites. A user who already accepted, or ` +
          `a deactivated one: 409. ${SCOPE}`,
        body: ReinviteBody,
        response: { 200: OkResult, ...CHANGE_ERRORS },
      },
    },
    async (req) => {
      await users.reinvite(requireActor(req), req.body, linkBase);
      return { ok: true };
    },
  );

  app.post(
    '/v2/users/invite/cmd/verify_username',
    {
      schema: {
        ...base,
        summary:
          'Whether a username is free: TAKEN (deleted users included) or INVALID (company admins only)',
        description: `${COMPANY_ADMINS} ${SCOPE}`,
        body: VerifyUsernameBody,
        response: { 200: VerifyUsernameResult, ...AUTHED_ERRORS },
      },
    },
    async (req) =>
      (await users.verifyUsernames(requireActor(req), req.body.companyId, [req.body.username]))[0],
  );

  app.post(
    '/v2/users/invite/cmd/verify_username/list',
    {
      schema: {
        ...base,
        summary: 'Whether each of several usernames is free (company admins only)',
        description: `${COMPANY_ADMINS} ${SCOPE}`,
        body: VerifyUsernameListBody,
        response: { 200: VerifyUsernameResultList, ...AUTHED_ERRORS },
      },
    },
    async (req) => users.verifyUsernames(requireActor(req), req.body.companyId, req.body.usernames),
  );

  app.post(
    '/v2/users/tenant_groups',
    {
      schema: {
        ...base,
        summary:
          'Gives a user a role on a job site and tells them (company admins; job-site admins on their sites)',
        description: `${SITE_ADMINS} Already a member: 409 (change the role instead). ${SCOPE}`,
        body: TenantGroupGrantBody,
        response: { 200: UserSummary, ...CHANGE_ERRORS },
      },
    },
    async (req) => users.grant(requireActor(req), req.body, linkBase),
  );

  app.put(
    '/v2/users/tenant_groups',
    {
      schema: {
        ...base,
        summary: "Changes a member's role on a job site (company admins; job-site admins on their sites)",
        description: `${SITE_ADMINS} Not a member of the job site: 404. ${SCOPE}`,
        body: TenantGroupGrantBody,
        response: { 200: UserSummary, ...CHANGE_ERRORS },
      },
    },
    async (req) => users.changeRole(requireActor(req), req.body),
  );

  app.delete(
    '/v2/users/tenant_groups',
    {
      schema: {
        ...base,
        summary: 'Removes a member from a job site (company admins; job-site admins on their sites)',
        description: `${SITE_ADMINS} Not a member of the job site: 404. ${SCOPE}`,
        querystring: TenantGroupRevokeQuery,
        response: { 200: OkResult, ...CHANGE_ERRORS },
      },
    },
    async (req) => {
      await users.revoke(requireActor(req), req.query);
      return { ok: true };
    },
  );

  app.get(
    '/v2/users/audits',
    {
      schema: {
        ...base,
        summary: "What was done to the company's users and by whom, newest first (company admins only)",
        description: `${COMPANY_ADMINS} Deleted users stay named (targetDeleted). ${SCOPE}`,
        querystring: UserAuditQuery,
        response: { 200: UserAuditList, ...AUTHED_ERRORS },
      },
    },
    async (req) => users.audits(requireActor(req), req.query),
  );
};
