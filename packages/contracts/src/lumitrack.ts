import {
  ACTIVE_ID_INTERVAL_MAX_MIN,
  ACTIVE_ID_INTERVAL_MIN_MIN,
  DEFAULT_ACTIVE_ID_INTERVAL_MIN,
  ID_FILE_COMPANY_NAME_MAX,
  ID_FILE_REQUEST_IDS_MAX,
  ID_FILE_REQUEST_STATUSES,
  ID_FILE_REQUEST_TYPES,
  ID_FILE_TYPES,
  LUMITRACK_ASSOCIATION_TYPES,
  LUMITRACK_FILE_IDS_MAX,
  LUMITRACK_ID_INPUT_MAX,
  LUMITRACK_ID_INPUT_PATTERN,
  LUMITRACK_ID_STATES,
  LUMITRACK_ID_TYPES,
  LUMITRACK_IDS_PER_CALL_MAX,
  QR_FORMATS,
} from '@sitepulse/domain';
import Type from 'typebox';
import { EpochMs, finite, id } from './common.ts';

/**
 * Lumitrack IDs and ID file requests (spec sections 3, 4 and 7; issue 16). Paths under
 * /api/lumitrack/lumitrackid; times epoch ms. An ID is named by its human ID (`lumitrackId`, e.g.
 * LT-7K3M-Q9XP: what its label prints and its QR code holds) in every call; calls accept it in any case,
 * with or without hyphens. docs/decisions/lumitrack.md says who may do what.
 */
const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);
/**
 * null as a request gives it to say "none": an enum, not `type: 'null'`, and first in its union, so the
 * validator's type coercion cannot turn a 0, false or '' into it, nor null into a 0 (they answer 400).
 */
const NoneInput = Type.Unsafe<null>({ enum: [null], description: 'null: none' });

export const LumitrackIdTypeSchema = Type.Enum(LUMITRACK_ID_TYPES);
export const LumitrackIdStateSchema = Type.Enum(LUMITRACK_ID_STATES);
export const LumitrackAssociationTypeSchema = Type.Enum(LUMITRACK_ASSOCIATION_TYPES);
export const QrFormatSchema = Type.Enum(QR_FORMATS, {
  description: 'PNG, PDF_A4 or PDF_LETTER (the default preference: PDF_LETTER)',
});
export const IdFileTypeSchema = Type.Enum(ID_FILE_TYPES, {
  description: 'the file made: PNG (one ID as PNG), ZIP (several IDs as PNG) or PDF',
});
export const IdFileRequestStatusSchema = Type.Enum(ID_FILE_REQUEST_STATUSES);
export const IdFileRequestTypeSchema = Type.Enum(ID_FILE_REQUEST_TYPES);

/** A human ID as a call names it: LT-7K3M-Q9XP, in any case, hyphens optional. */
export const LumitrackIdText = Type.String({
  minLength: 10,
  maxLength: LUMITRACK_ID_INPUT_MAX,
  pattern: LUMITRACK_ID_INPUT_PATTERN,
  description: 'a human Lumitrack ID, e.g. LT-7K3M-Q9XP (any case; the hyphens may be left out)',
});

/** The GPS node tracking an ID, with its last fix. */
export const LumitrackGpsNode = Type.Object({
  id: id({ description: 'the node id (the number printed on it)' }),
  name: Type.String(),
  nodeType: Type.String(),
  tenantGroupId: Nullable(id()),
  latestLat: Nullable(finite()),
  latestLng: Nullable(finite()),
  latestLocationTs: Nullable(EpochMs),
});
export type LumitrackGpsNode = Type.Static<typeof LumitrackGpsNode>;

/** What an ID is tied to: its Lumitrack project (type LUMITRACK_JOB, name: the project's name). */
export const LumitrackIdAssociation = Type.Object({
  type: LumitrackAssociationTypeSchema,
  name: Type.String(),
  tenant: id({ description: 'the project (tenant) id' }),
});
export type LumitrackIdAssociation = Type.Static<typeof LumitrackIdAssociation>;

/** A Lumitrack ID (section 3). */
export const LumitrackId = Type.Object({
  id: id({ description: 'the row id' }),
  lumitrackId: Type.String({ description: 'the human ID, e.g. LT-7K3M-Q9XP' }),
  lumiTrackId: Type.String({ description: 'the same, as the spec also spells it' }),
  type: LumitrackIdTypeSchema,
  state: LumitrackIdStateSchema,
  company: id({ description: 'the company id' }),
  companyId: id(),
  tenant: Nullable(id({ description: 'the Lumitrack project (tenant) it is assigned to' })),
  tenantGroupId: Nullable(id({ description: "the project's job site" })),
  projectName: Nullable(Type.String()),
  creationDate: EpochMs,
  gpsNodeId: Nullable(id()),
  gpsNode: Nullable(LumitrackGpsNode),
  lumitrackIdAssociationData: Type.Array(LumitrackIdAssociation),
});
export type LumitrackId = Type.Static<typeof LumitrackId>;
export const LumitrackIdList = Type.Array(LumitrackId);
export type LumitrackIdList = Type.Static<typeof LumitrackIdList>;

/** A list of names (types, state types, association types). */
export const LumitrackNameList = Type.Array(Type.String());

/**
 * Ours beside the spec's body: the Lumitrack project the new IDs are made in (as assign_tenant would put them
 * there, in the same transaction); left out, they are made in no project.
 */
const CreateInProject = Type.Optional(
  id({
    description:
      'ours: make the IDs in this Lumitrack project of the company (another type 400, archived 409, unknown or ' +
      'not granted 404, a site the caller may not change 403); default none',
  }),
);

/** POST /lumitrack/lumitrackid/type/standard */
export const CreateStandardIdBody = Type.Object({ companyId: id(), tenantId: CreateInProject });
export type CreateStandardIdBody = Type.Static<typeof CreateStandardIdBody>;
/** Its query: createLumitrackIdFileRequests also asks for the new IDs' label files, one per format. */
export const CreateStandardIdQuery = Type.Object({
  createLumitrackIdFileRequests: Type.Optional(
    Type.Boolean({
      description: 'also make label files of the new IDs: one request per format (isUserDefined false)',
    }),
  ),
  tenant: Type.Optional(Type.String({ maxLength: 64 })),
});
export type CreateStandardIdQuery = Type.Static<typeof CreateStandardIdQuery>;

/** POST /lumitrack/lumitrackid/type/standard/list */
export const CreateStandardIdListBody = Type.Object({
  companyId: id(),
  numLumitrackIds: Type.Integer({
    minimum: 1,
    maximum: LUMITRACK_IDS_PER_CALL_MAX,
    description: `how many IDs to make, 1 to ${LUMITRACK_IDS_PER_CALL_MAX}`,
  }),
  tenantId: CreateInProject,
});
export type CreateStandardIdListBody = Type.Static<typeof CreateStandardIdListBody>;

/** DELETE /lumitrack/lumitrackid (body) */
export const LumitrackIdBody = Type.Object({ lumitrackId: LumitrackIdText });
export type LumitrackIdBody = Type.Static<typeof LumitrackIdBody>;

/** PUT .../cmd/assign_tenant: a Lumitrack project of the company, or null to take the ID out of its project. */
export const AssignTenantBody = Type.Object({
  lumitrackId: LumitrackIdText,
  tenant: Type.Union([NoneInput, id({ description: 'a Lumitrack project (tenant) id' })]),
});
export type AssignTenantBody = Type.Static<typeof AssignTenantBody>;

/** PUT .../cmd/assign_gps_node: a GPS node with no cable and no project (section 4), or null for none. */
export const AssignGpsNodeBody = Type.Object({
  lumitrackId: LumitrackIdText,
  nodeId: Type.Union([NoneInput, id({ description: 'a GPS node id' })]),
});
export type AssignGpsNodeBody = Type.Static<typeof AssignGpsNodeBody>;

/** Path parameter of by_lumitrack_id/{id}: a human ID. */
export const LumitrackIdParams = Type.Object({ id: LumitrackIdText });
export type LumitrackIdParams = Type.Static<typeof LumitrackIdParams>;

/** GET .../cmd/get_active_lumitrackId */
export const ActiveLumitrackIdQuery = Type.Object({
  companyId: id(),
  intervalInMin: Type.Optional(
    Type.Integer({
      minimum: ACTIVE_ID_INTERVAL_MIN_MIN,
      maximum: ACTIVE_ID_INTERVAL_MAX_MIN,
      default: DEFAULT_ACTIVE_ID_INTERVAL_MIN,
      description: `minutes back from now, 1 to ${ACTIVE_ID_INTERVAL_MAX_MIN}; default ${DEFAULT_ACTIVE_ID_INTERVAL_MIN} (one year)`,
    }),
  ),
  tenant: Type.Optional(Type.String({ maxLength: 64 })),
});
export type ActiveLumitrackIdQuery = Type.Static<typeof ActiveLumitrackIdQuery>;

/** Active IDs made in the interval, and where the company stands against its annual limit. */
export const ActiveLumitrackIds = Type.Object({
  companyId: id(),
  intervalInMin: Type.Integer({ minimum: 1 }),
  from: EpochMs,
  to: EpochMs,
  /** Active IDs of the company made from `from` to `to` */
  count: Type.Integer({ minimum: 0 }),
  /** the company tier's lumitrack_id_annual_limit (calendar year, UTC) */
  annualLimit: Type.Integer({ minimum: 0 }),
  /** IDs made since yearStart, deleted ones included */
  usedThisYear: Type.Integer({ minimum: 0 }),
  remainingThisYear: Type.Integer({ minimum: 0 }),
  yearStart: EpochMs,
});
export type ActiveLumitrackIds = Type.Static<typeof ActiveLumitrackIds>;

// ------------------------------------------------------------------ ID file requests

/** What a label file prints and how: the company name under each ID, the file type and the format. */
export const IdFilePayloadInput = Type.Object({
  companyName: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: ID_FILE_COMPANY_NAME_MAX,
      description: "printed under each ID; default the company's name",
    }),
  ),
  fileType: Type.Optional(IdFileTypeSchema),
  fileFormat: Type.Optional(QrFormatSchema),
});
export type IdFilePayloadInput = Type.Static<typeof IdFilePayloadInput>;

/**
 * POST /lumitrack/lumitrackid/files/requests: labels of 1 to 500 IDs. status, when given, must be NEW (a
 * request starts NEW). fileFormat defaults to the caller's preferred format; fileType, when given, must be
 * the one the format gives (PDF, PNG for one ID, ZIP for several).
 */
export const IdFileRequestBody = Type.Object({
  type: Type.Optional(IdFileRequestTypeSchema),
  status: Type.Optional(Type.Literal('NEW')),
  isUserDefined: Type.Optional(Type.Boolean({ description: 'default true: a file the user asked for' })),
  payload: Type.Optional(IdFilePayloadInput),
  lumitrackIds: Type.Array(LumitrackIdText, {
    minItems: 1,
    maxItems: LUMITRACK_FILE_IDS_MAX,
    description: `1 to ${LUMITRACK_FILE_IDS_MAX} IDs, labelled in this order`,
  }),
});
export type IdFileRequestBody = Type.Static<typeof IdFileRequestBody>;

export const IdFilePayload = Type.Object({
  companyName: Type.String(),
  fileType: IdFileTypeSchema,
  fileFormat: QrFormatSchema,
});
export type IdFilePayload = Type.Static<typeof IdFilePayload>;

/** An ID file request (section 3). */
export const IdFileRequest = Type.Object({
  id: id(),
  creationDate: EpochMs,
  type: IdFileRequestTypeSchema,
  status: IdFileRequestStatusSchema,
  isUserDefined: Type.Boolean(),
  payload: IdFilePayload,
  lumitrackIds: Type.Array(Type.String()),
  companyId: id(),
  ownerUsername: Type.String(),
  startedAt: Nullable(EpochMs),
  finishedAt: Nullable(EpochMs),
  /** why the file could not be made (ERROR), in plain words */
  error: Nullable(Type.String()),
  /** the file (DONE): its download name and size */
  fileName: Nullable(Type.String()),
  fileSize: Nullable(Type.Integer({ minimum: 0 })),
  /**
   * DONE: where to download it (GET; a plain link adds the access token as `?token=`), e.g.
   * /api/lumitrack/lumitrackid/files/requests/by_id/7/file
   */
  downloadPath: Nullable(Type.String()),
});
export type IdFileRequest = Type.Static<typeof IdFileRequest>;
export const IdFileRequestList = Type.Array(IdFileRequest);
export type IdFileRequestList = Type.Static<typeof IdFileRequestList>;

/** GET .../files/requests and GET .../files/requests/by_lumitrack_id/{id}: filter on isUserDefined. */
export const IdFileRequestsQuery = Type.Object({
  isUserDefined: Type.Optional(Type.Boolean()),
  tenant: Type.Optional(Type.String({ maxLength: 64 })),
});
export type IdFileRequestsQuery = Type.Static<typeof IdFileRequestsQuery>;

/** POST .../files/requests/by_id: several requests at once (a screen polling its files). */
export const IdFileRequestsByIdBody = Type.Object({
  ids: Type.Array(id(), { minItems: 1, maxItems: ID_FILE_REQUEST_IDS_MAX, uniqueItems: true }),
});
export type IdFileRequestsByIdBody = Type.Static<typeof IdFileRequestsByIdBody>;

/** POST .../files/requests/by_lumitrack_id: the requests holding any of these IDs. */
export const IdFileRequestsByLumitrackIdBody = Type.Object({
  lumitrackIds: Type.Array(LumitrackIdText, { minItems: 1, maxItems: LUMITRACK_FILE_IDS_MAX }),
  isUserDefined: Type.Optional(Type.Boolean()),
});
export type IdFileRequestsByLumitrackIdBody = Type.Static<typeof IdFileRequestsByLumitrackIdBody>;

/** The download's query: the access token, for a plain link. */
export const IdFileDownloadQuery = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 4096 })),
});

/** GET and PUT .../files/preference: the caller's preferred label format (section 2: default PDF_LETTER). */
export const LabelPreference = Type.Object({ fileFormat: QrFormatSchema });
export type LabelPreference = Type.Static<typeof LabelPreference>;
