import {
  type ChecklistAnswerDef,
  type ChecklistTemplateDef,
  checkChecklistTemplate,
} from '@sitepulse/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { isAdminAccount } from '../lib/roles.ts';
import type { Services } from '../services.ts';

const day = 24 * 60 * 60 * 1000;

/** The demo's checklist: a QA template of the precast plant's Lumitrack project, filled once. */
export const DEMO_CHECKLIST = {
  templateName: 'Precast element QA',
  projectName: 'Yard Asset Tags',
} as const;

const TEMPLATE: ChecklistTemplateDef = {
  items: [
    {
      key: 'element_mark',
      label: 'Element mark',
      kind: 'TEXT',
      required: true,
      hint: 'As on the shop drawing',
    },
    {
      key: 'dimensions',
      label: 'Length, width and depth within tolerance',
      kind: 'CHECK',
      required: true,
      hint: 'PCI MNL-135: ±6 mm on length up to 12 m',
    },
    { key: 'cover', label: 'Concrete cover to reinforcement checked', kind: 'CHECK', required: true },
    {
      key: 'camber',
      label: 'Camber at midspan',
      kind: 'NUMBER',
      required: false,
      unit: 'mm',
      min: -50,
      max: 50,
    },
    {
      key: 'release_strength',
      label: 'Strength at release',
      kind: 'NUMBER',
      required: true,
      unit: 'MPa',
      min: 0,
      max: 150,
    },
    { key: 'surface', label: 'Surface free of honeycombing and cracks', kind: 'CHECK', required: true },
    { key: 'lifting_inserts', label: 'Lifting inserts present and undamaged', kind: 'CHECK', required: true },
    { key: 'defect_photo', label: 'Photo of any defect', kind: 'PHOTO', required: false },
    { key: 'notes', label: 'Notes', kind: 'TEXT', required: false },
  ],
};

const ANSWERS: ChecklistAnswerDef[] = [
  { key: 'element_mark', value: 'DT-24-017' },
  { key: 'dimensions', value: true },
  { key: 'cover', value: true },
  { key: 'camber', value: 12 },
  { key: 'release_strength', value: 28.5 },
  { key: 'surface', value: true },
  { key: 'lifting_inserts', value: true },
  { key: 'notes', value: 'Small chip at the north-east corner of the flange, within tolerance.' },
];

/**
 * The demo's checklist template (issue 16), part of the demo seed: "Precast element QA", made and assigned
 * to the precast plant's Lumitrack project (Yard Asset Tags) by the admin a month ago, as the domain rules
 * take it; the audit records the CREATE. Its first checklist is filled by fillDemoChecklist once the demo's
 * Lumitrack IDs exist.
 */
export async function seedDemoChecklists(
  db: Kysely<Database>,
  companyId: number,
  adminUsername: string,
): Promise<void> {
  const project = await db
    .selectFrom('tenant')
    .select('id')
    .where('company_id', '=', companyId)
    .where('name', '=', DEMO_CHECKLIST.projectName)
    .where('type', '=', 'Lumitrack')
    .executeTakeFirst();
  const admin = await db
    .selectFrom('app_user')
    .select(['id', 'username'])
    .where('company_id', '=', companyId)
    .where('username', '=', adminUsername)
    .executeTakeFirst();
  if (!project || !admin) return;
  const template = checkChecklistTemplate(TEMPLATE);
  if (!template.ok) throw new Error(`demo checklist template: ${template.error}`);

  const now = Date.now();
  const createdAt = now - 30 * day;
  const content = JSON.stringify(template.value);
  const { id: templateId } = await db
    .insertInto('checklist_template')
    .values({
      company_id: companyId,
      name: DEMO_CHECKLIST.templateName,
      template: content,
      is_active: 1,
      created_at: createdAt,
      last_modified: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('checklist_template_tenant')
    .values({ template_id: templateId, tenant_id: project.id })
    .execute();
  const by = { company_id: companyId, template_id: templateId, user_id: admin.id, username: admin.username };
  await db
    .insertInto('checklist_audit')
    .values({
      ...by,
      operation: 'CREATE',
      detail: `'${DEMO_CHECKLIST.templateName}', version 1, ${TEMPLATE.items.length} items, active, projects '${DEMO_CHECKLIST.projectName}'`,
      created_at: createdAt,
    })
    .execute();
}

/**
 * The demo's filled checklist (issue 16): the admin fills "Precast element QA" for the oldest Lumitrack ID of
 * Yard Asset Tags, through the checklists service as the fill screen would, so every rule applies. Run after
 * the demo's Lumitrack IDs are made (main.ts). Idempotent: skipped when the template has a fill, or when
 * there is no template, no admin or no ID in the project. Answers whether it filled one.
 */
export async function fillDemoChecklist(
  db: Kysely<Database>,
  services: Services,
  companyId: number,
  adminUsername: string,
): Promise<boolean> {
  const template = await db
    .selectFrom('checklist_template')
    .select('id')
    .where('company_id', '=', companyId)
    .where('name', '=', DEMO_CHECKLIST.templateName)
    .executeTakeFirst();
  const project = await db
    .selectFrom('tenant')
    .select('id')
    .where('company_id', '=', companyId)
    .where('name', '=', DEMO_CHECKLIST.projectName)
    .where('type', '=', 'Lumitrack')
    .executeTakeFirst();
  const admin = await db
    .selectFrom('app_user')
    .select(['id', 'username', 'account_type'])
    .where('company_id', '=', companyId)
    .where('username', '=', adminUsername)
    .executeTakeFirst();
  if (!template || !project || !admin) return false;
  const filled = await db
    .selectFrom('checklist_fill')
    .select('id')
    .where('template_id', '=', template.id)
    .executeTakeFirst();
  if (filled) return false;
  const actor = {
    userId: admin.id,
    companyId,
    username: admin.username,
    accountType: admin.account_type,
    roles: [],
    sessionId: 'demo-seed',
    isAdmin: isAdminAccount(admin.account_type),
  };
  const ids = await services.lumitrack.listByTenant(actor, project.id);
  const oldest = ids.at(-1);
  if (!oldest) return false;
  await services.checklists.fill(actor, {
    templateId: template.id,
    tenantId: project.id,
    lumitrackId: oldest.lumitrackId,
    answers: ANSWERS,
  });
  return true;
}
