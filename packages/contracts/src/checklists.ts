import {
  CHECKLIST_AUDIT_OPERATIONS,
  CHECKLIST_AUDIT_USERS_MAX,
  CHECKLIST_HINT_MAX,
  CHECKLIST_ITEM_KINDS,
  CHECKLIST_ITEMS_MAX,
  CHECKLIST_KEY_MAX,
  CHECKLIST_KEY_PATTERN,
  CHECKLIST_LABEL_MAX,
  CHECKLIST_NAME_MAX,
  CHECKLIST_NUMBER_LIMIT,
  CHECKLIST_PHOTO_ID_PATTERN,
  CHECKLIST_PHOTO_MAX_BYTES,
  CHECKLIST_PHOTO_TYPES,
  CHECKLIST_TENANTS_MAX,
  CHECKLIST_UNIT_MAX,
  type ChecklistAnswerValue,
  LUMITRACK_ID_INPUT_MAX,
  LUMITRACK_ID_INPUT_PATTERN,
  USERNAME_PATTERN,
} from '@sitepulse/domain';
import Type from 'typebox';
import { EpochMs, finite, id } from './common.ts';

/**
 * Checklists (spec sections 1, 3, 4 and 7; issue 16): the templates a company admin keeps for its
 * Lumitrack projects (the spec's seven calls under /checklist/templates), and the checklists filled for a
 * Lumitrack ID (ours, under /checklist/fills and /checklist/photos). The template format is ours:
 * docs/decisions/checklists.md. The server checks every template and every filled checklist with the
 * domain rules (checkChecklistTemplate, checkChecklistAnswers), which name the item at fault.
 */
const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const ChecklistItemKind = Type.Enum(CHECKLIST_ITEM_KINDS, {
  description:
    'CHECK: pass or fail; NUMBER: a number with a unit and bounds; TEXT: a text; PHOTO: an uploaded photo',
});
export const ChecklistAuditOperation = Type.Enum(CHECKLIST_AUDIT_OPERATIONS);

const bound = (description: string) =>
  Type.Optional(finite({ minimum: -CHECKLIST_NUMBER_LIMIT, maximum: CHECKLIST_NUMBER_LIMIT, description }));

/** One item of a template, in the order it is filled. */
export const ChecklistItem = Type.Object({
  key: Type.String({
    pattern: CHECKLIST_KEY_PATTERN,
    maxLength: CHECKLIST_KEY_MAX,
    description: 'stable key, unique in the template: answers name the item by it',
  }),
  label: Type.String({
    minLength: 1,
    maxLength: CHECKLIST_LABEL_MAX,
    description: 'what is asked, one line',
  }),
  kind: ChecklistItemKind,
  required: Type.Boolean({ description: 'a fill must answer it' }),
  unit: Type.Optional(
    Type.String({ maxLength: CHECKLIST_UNIT_MAX, description: 'NUMBER items only, e.g. mm, MPa, °C' }),
  ),
  min: bound('NUMBER items only: the lowest answer taken'),
  max: bound('NUMBER items only: the highest answer taken'),
  hint: Type.Optional(
    Type.String({ maxLength: CHECKLIST_HINT_MAX, description: 'what to look for (acceptance criteria)' }),
  ),
});
export type ChecklistItem = Type.Static<typeof ChecklistItem>;

/** A template's content, the spec's `template` field: its items, 1 to 100. */
export const ChecklistTemplateContent = Type.Object({
  items: Type.Array(ChecklistItem, { minItems: 1, maxItems: CHECKLIST_ITEMS_MAX }),
});
export type ChecklistTemplateContent = Type.Static<typeof ChecklistTemplateContent>;

const Name = Type.String({
  minLength: 1,
  maxLength: CHECKLIST_NAME_MAX,
  description: 'unique in the company (case ignored), trimmed',
});
const Tenants = (description: string) =>
  Type.Array(id(), { maxItems: CHECKLIST_TENANTS_MAX, uniqueItems: true, description });

/** One entry of a template's audit: what was done, by whom, when. */
export const ChecklistAuditEntry = Type.Object({
  id: id(),
  templateId: id(),
  templateName: Type.String({ description: "the template's name now" }),
  operation: ChecklistAuditOperation,
  userId: Nullable(id()),
  username: Type.String(),
  timestamp: EpochMs,
  detail: Nullable(Type.String({ description: 'e.g. the old and new name, the version, the fill' })),
});
export type ChecklistAuditEntry = Type.Static<typeof ChecklistAuditEntry>;
export const ChecklistAuditList = Type.Array(ChecklistAuditEntry);
export type ChecklistAuditList = Type.Static<typeof ChecklistAuditList>;

/** A checklist template (spec section 3: id, name, template, isActive, tenants, lastModified, audit entries). */
export const ChecklistTemplate = Type.Object({
  id: id(),
  companyId: id(),
  name: Type.String(),
  template: ChecklistTemplateContent,
  version: Type.Integer({ minimum: 1, description: 'moves on with every edit of the template content' }),
  isActive: Type.Boolean({ description: 'a deactivated template takes no new fills' }),
  tenants: Type.Array(id(), {
    description: 'the Lumitrack projects it is assigned to (that the caller can see)',
  }),
  creationDate: EpochMs,
  lastModified: EpochMs,
  audits: Type.Array(ChecklistAuditEntry, {
    description:
      'its CREATE entry and its latest changes (at most 50 in all), oldest first; fills and the whole ' +
      'history: POST /checklist/templates/audits/users',
  }),
});
export type ChecklistTemplate = Type.Static<typeof ChecklistTemplate>;
export const ChecklistTemplateList = Type.Array(ChecklistTemplate);
export type ChecklistTemplateList = Type.Static<typeof ChecklistTemplateList>;

/** GET /checklist/templates/by_company/{id}: the query. */
export const ChecklistTemplatesQuery = Type.Object({
  tenant: Type.Optional(Type.String({ maxLength: 200 })),
  tenantId: Type.Optional(id({ description: 'only the templates assigned to this project' })),
});
export type ChecklistTemplatesQuery = Type.Static<typeof ChecklistTemplatesQuery>;

/** POST /checklist/templates. */
export const ChecklistTemplateCreateBody = Type.Object({
  companyId: Type.Optional(id({ description: "the caller's company (another 403)" })),
  name: Name,
  template: ChecklistTemplateContent,
  tenants: Type.Optional(Tenants('Lumitrack projects of the company to assign it to (default none)')),
  isActive: Type.Optional(Type.Boolean({ description: 'default true' })),
});
export type ChecklistTemplateCreateBody = Type.Static<typeof ChecklistTemplateCreateBody>;

/** POST /checklist/templates/cmd/assign_tenants: the projects it is assigned to, all at once. */
export const ChecklistAssignTenantsBody = Type.Object({
  id: id(),
  tenants: Tenants('every project it is assigned to from now on (an empty list unassigns it)'),
});
export type ChecklistAssignTenantsBody = Type.Static<typeof ChecklistAssignTenantsBody>;

/** PUT /checklist/templates/cmd/toggle. */
export const ChecklistToggleBody = Type.Object({ id: id(), isActive: Type.Boolean() });
export type ChecklistToggleBody = Type.Static<typeof ChecklistToggleBody>;

/** PUT /checklist/templates/cmd/assign_name. */
export const ChecklistAssignNameBody = Type.Object({ id: id(), name: Name });
export type ChecklistAssignNameBody = Type.Static<typeof ChecklistAssignNameBody>;

/** PUT /checklist/templates/cmd/assign_template. */
export const ChecklistAssignTemplateBody = Type.Object({ id: id(), template: ChecklistTemplateContent });
export type ChecklistAssignTemplateBody = Type.Static<typeof ChecklistAssignTemplateBody>;

/** POST /checklist/templates/audits/users: which entries (all of the company's when empty). */
export const ChecklistAuditsBody = Type.Object({
  companyId: Type.Optional(id({ description: "the caller's company (another 403)" })),
  templateId: Type.Optional(id({ description: 'one template only' })),
  usernames: Type.Optional(
    Type.Array(Type.String({ pattern: USERNAME_PATTERN }), {
      maxItems: CHECKLIST_AUDIT_USERS_MAX,
      uniqueItems: true,
      description: 'only what these users did',
    }),
  ),
});
export type ChecklistAuditsBody = Type.Static<typeof ChecklistAuditsBody>;

// ------------------------------------------------------------------ filled checklists (ours)

const LumitrackId = Type.String({
  pattern: LUMITRACK_ID_INPUT_PATTERN,
  maxLength: LUMITRACK_ID_INPUT_MAX,
  description: "the Lumitrack ID's string id (lumitrackId, e.g. LT-7K3M-Q9XP; case and hyphens as typed)",
});

/**
 * One answer. `value` is checked against the item's kind by the server (not by the schema, so a wrong kind
 * is said with the item's name): CHECK true (pass) or false (fail), NUMBER a number within the item's
 * bounds, TEXT a text of at most 2000 characters, PHOTO the photoId of POST /checklist/photos. null or an
 * empty text: not answered.
 */
export const ChecklistAnswer = Type.Object({
  key: Type.String({ maxLength: CHECKLIST_KEY_MAX, description: 'the key of an item of the template' }),
  value: Type.Unsafe<ChecklistAnswerValue | null>({
    description: 'boolean (CHECK), number (NUMBER), text (TEXT) or photo id (PHOTO)',
  }),
});
export type ChecklistAnswer = Type.Static<typeof ChecklistAnswer>;

/** POST /checklist/fills. */
export const ChecklistFillBody = Type.Object({
  templateId: id({ description: 'an active template assigned to the project' }),
  tenantId: id({ description: 'the Lumitrack project it is filled in' }),
  lumitrackId: LumitrackId,
  answers: Type.Array(ChecklistAnswer, { maxItems: CHECKLIST_ITEMS_MAX }),
});
export type ChecklistFillBody = Type.Static<typeof ChecklistFillBody>;

/** A filled checklist, kept with the template as it was filled, who and when. Never changed. */
export const ChecklistFill = Type.Object({
  id: id(),
  templateId: id(),
  templateName: Type.String({ description: 'the name when it was filled' }),
  templateVersion: Type.Integer({ minimum: 1 }),
  template: ChecklistTemplateContent,
  tenantId: id(),
  tenantGroupId: id(),
  lumitrackId: Type.String(),
  answers: Type.Array(
    Type.Object({
      key: Type.String(),
      value: Type.Unsafe<ChecklistAnswerValue>({ description: 'boolean, number or text (a photo: its id)' }),
    }),
  ),
  userId: id(),
  username: Type.String(),
  userName: Type.String({ description: 'first and last name (else username) when it was filled' }),
  creationDate: EpochMs,
});
export type ChecklistFill = Type.Static<typeof ChecklistFill>;
export const ChecklistFillList = Type.Array(ChecklistFill);
export type ChecklistFillList = Type.Static<typeof ChecklistFillList>;

/**
 * GET /checklist/fills/latest/by_tenant/{id} (ours): the latest checklist filled in a project for each
 * Lumitrack ID, as a project's list of IDs shows it (which template, who, when).
 */
export const ChecklistLatestFill = Type.Object({
  lumitrackId: Type.String(),
  fillId: id(),
  templateId: id(),
  templateName: Type.String({ description: 'the name when it was filled' }),
  username: Type.String(),
  userName: Type.String({ description: 'first and last name (else username) when it was filled' }),
  creationDate: EpochMs,
});
export type ChecklistLatestFill = Type.Static<typeof ChecklistLatestFill>;
export const ChecklistLatestFillList = Type.Array(ChecklistLatestFill);
export type ChecklistLatestFillList = Type.Static<typeof ChecklistLatestFillList>;

export const ChecklistFillsByLumitrackParams = Type.Object({ lumitrackId: LumitrackId });
export type ChecklistFillsByLumitrackParams = Type.Static<typeof ChecklistFillsByLumitrackParams>;

/** A photo uploaded for a PHOTO item (POST /checklist/photos), until a fill takes it. */
export const ChecklistPhoto = Type.Object({
  photoId: Type.String({ pattern: CHECKLIST_PHOTO_ID_PATTERN }),
  mimeType: Type.Enum(CHECKLIST_PHOTO_TYPES),
  size: Type.Integer({ minimum: 1, maximum: CHECKLIST_PHOTO_MAX_BYTES }),
  creationDate: EpochMs,
});
export type ChecklistPhoto = Type.Static<typeof ChecklistPhoto>;

export const ChecklistPhotoParams = Type.Object({
  photoId: Type.String({ pattern: CHECKLIST_PHOTO_ID_PATTERN, maxLength: 36 }),
});
export type ChecklistPhotoParams = Type.Static<typeof ChecklistPhotoParams>;

/** GET /checklist/photos/{photoId}: a plain link (an <img>) may carry the access token. */
export const ChecklistPhotoQuery = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 4096, description: 'the access token, for a plain link' })),
});
export type ChecklistPhotoQuery = Type.Static<typeof ChecklistPhotoQuery>;
