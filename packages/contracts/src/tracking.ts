import {
  LUMITRACK_ID_INPUT_MAX,
  LUMITRACK_ID_INPUT_PATTERN,
  LUMITRACK_ID_STATES,
  MATERIAL_NOTE_MAX,
  MATERIAL_STAGE_NAME_MAX,
  MATERIAL_STAGES_MAX,
  TRACKING_RPP_DEFAULT,
  TRACKING_RPP_MAX,
} from '@sitepulse/domain';
import Type from 'typebox';
import { EpochMs, finite, id, page } from './common.ts';

/**
 * The tracking manager and material tracking (spec section 1: both behind a build flag; issue 16). Ours: the
 * spec names the two screens only. Paths under /api/tracking; times epoch ms; a Lumitrack ID is named by its
 * human ID (LT-7K3M-Q9XP, any case, hyphens optional). docs/decisions/material-tracking.md.
 */
const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);
/**
 * null as a request gives it to say "none": an enum, not `type: 'null'`, and first in its union, so the
 * validator's type coercion cannot turn a 0, false or '' into it (they answer 400).
 */
const NoneInput = Type.Unsafe<null>({ enum: [null], description: 'null: none' });

const LumitrackIdText = Type.String({
  minLength: 10,
  maxLength: LUMITRACK_ID_INPUT_MAX,
  pattern: LUMITRACK_ID_INPUT_PATTERN,
  description: 'a human Lumitrack ID, e.g. LT-7K3M-Q9XP (any case; the hyphens may be left out)',
});

const Rpp = Type.Integer({
  minimum: 1,
  maximum: TRACKING_RPP_MAX,
  default: TRACKING_RPP_DEFAULT,
  description: `rows per page, 1 to ${TRACKING_RPP_MAX} (default ${TRACKING_RPP_DEFAULT})`,
});

/** Who recorded something and when. */
const ByWhom = {
  username: Type.String(),
  userName: Type.String({ description: 'first and last name (else username) when it was recorded' }),
};

/** An element's current stage: the stage of its latest stage event, since when and by whom. */
export const CurrentStage = Type.Object({
  stageId: id(),
  name: Type.String(),
  position: Type.Integer({ minimum: 1, maximum: MATERIAL_STAGES_MAX }),
  since: EpochMs,
  ...ByWhom,
});
export type CurrentStage = Type.Static<typeof CurrentStage>;

/** The latest checklist filled for an ID (on a job site the caller reads). */
export const TrackedChecklist = Type.Object({
  fillId: id(),
  templateId: id(),
  templateName: Type.String({ description: 'the name when it was filled' }),
  creationDate: EpochMs,
  ...ByWhom,
});
export type TrackedChecklist = Type.Static<typeof TrackedChecklist>;

/** The last GPS fix of an ID's GPS node (latitude as stored; screens clamp it to ±85 for the map). */
export const TrackedLocation = Type.Object({
  lat: finite(),
  lng: finite(),
  timestamp: EpochMs,
});
export type TrackedLocation = Type.Static<typeof TrackedLocation>;

/** One row of the tracking manager: an active Lumitrack ID with where it is and what was done to it. */
export const TrackedId = Type.Object({
  lumitrackId: Type.String(),
  state: Type.Enum(LUMITRACK_ID_STATES),
  tenant: Nullable(id({ description: 'its Lumitrack project (tenant)' })),
  projectName: Nullable(Type.String()),
  tenantGroupId: Nullable(id({ description: "the project's job site" })),
  creationDate: EpochMs,
  gpsNodeId: Nullable(id()),
  gpsNodeName: Nullable(Type.String()),
  /** the last fix of its GPS node; null: no node, or a node with no fix yet ("no position") */
  location: Nullable(TrackedLocation),
  latestChecklist: Nullable(TrackedChecklist),
  stage: Nullable(CurrentStage),
});
export type TrackedId = Type.Static<typeof TrackedId>;

/** GET /tracking/manager */
export const TrackingManagerQuery = Type.Object({
  companyId: id(),
  tenantId: Type.Optional(id({ description: 'only the IDs of this Lumitrack project' })),
  page: Type.Optional(page()),
  rpp: Type.Optional(Rpp),
  tenant: Type.Optional(Type.String({ maxLength: 64 })),
});
export type TrackingManagerQuery = Type.Static<typeof TrackingManagerQuery>;

export const TrackingManagerPage = Type.Object({
  /** the IDs matching, over every page */
  total: Type.Integer({ minimum: 0 }),
  /** of them, those with a position */
  positioned: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 0 }),
  rpp: Type.Integer({ minimum: 1 }),
  items: Type.Array(TrackedId),
});
export type TrackingManagerPage = Type.Static<typeof TrackingManagerPage>;

// ------------------------------------------------------------------ material tracking: stages

/** A stage the company's elements go through. */
export const MaterialStage = Type.Object({
  id: id(),
  companyId: id(),
  name: Type.String(),
  /** 1 = the first stage */
  position: Type.Integer({ minimum: 1, maximum: MATERIAL_STAGES_MAX }),
  /** the checklist filled when an element reaches this stage (a template of the company), if any */
  checklistTemplateId: Nullable(id()),
  checklistTemplateName: Nullable(Type.String()),
  /** stage events recorded at this stage: a stage with events cannot be removed */
  eventCount: Type.Integer({ minimum: 0 }),
});
export type MaterialStage = Type.Static<typeof MaterialStage>;
export const MaterialStageList = Type.Array(MaterialStage);
export type MaterialStageList = Type.Static<typeof MaterialStageList>;

export const MaterialStagesQuery = Type.Object({
  companyId: id(),
  tenant: Type.Optional(Type.String({ maxLength: 64 })),
});
export type MaterialStagesQuery = Type.Static<typeof MaterialStagesQuery>;

/** One stage of the list an admin sends: an existing one by its id (renamed, moved), or a new one. */
export const MaterialStageInput = Type.Object({
  id: Type.Optional(id({ description: 'an existing stage of the company; left out: a new stage' })),
  name: Type.String({ minLength: 1, maxLength: MATERIAL_STAGE_NAME_MAX }),
  checklistTemplateId: Type.Optional(
    Type.Union([
      NoneInput,
      id({ description: 'a checklist template of the company (null or left out: none)' }),
    ]),
  ),
});
export type MaterialStageInput = Type.Static<typeof MaterialStageInput>;

/**
 * PUT /tracking/material/stages: the whole ordered list. Stages of the company left out are removed (only
 * those with no event: 409 otherwise); new ones are added; the order given is the order of the stages.
 */
export const MaterialStagesBody = Type.Object({
  companyId: id(),
  stages: Type.Array(MaterialStageInput, { minItems: 1, maxItems: MATERIAL_STAGES_MAX }),
});
export type MaterialStagesBody = Type.Static<typeof MaterialStagesBody>;

// ------------------------------------------------------------------ material tracking: events

export const StageMoveSchema = Type.Enum(['FIRST', 'FORWARD', 'SAME', 'BACKWARD'], {
  description:
    'how the event moved the element: its first stage, on, the same stage again, or back (with a note)',
});

/** A stage recorded for an element. */
export const MaterialEvent = Type.Object({
  id: id(),
  lumitrackId: Type.String(),
  stageId: id(),
  stageName: Type.String({ description: "the stage's name now" }),
  position: Type.Integer({ minimum: 1, maximum: MATERIAL_STAGES_MAX }),
  move: StageMoveSchema,
  note: Nullable(Type.String()),
  /** the checklist that backs it (filled for the same ID), if any */
  checklistFillId: Nullable(id()),
  checklistTemplateName: Nullable(Type.String()),
  creationDate: EpochMs,
  ...ByWhom,
});
export type MaterialEvent = Type.Static<typeof MaterialEvent>;

/** POST /tracking/material/events */
export const MaterialEventBody = Type.Object({
  lumitrackId: LumitrackIdText,
  stageId: id({ description: 'a stage of the company' }),
  note: Type.Optional(
    Type.String({
      maxLength: MATERIAL_NOTE_MAX,
      description: `up to ${MATERIAL_NOTE_MAX} characters; needed to go back to an earlier stage`,
    }),
  ),
  checklistFillId: Type.Optional(
    id({ description: 'a checklist filled for this ID that backs the stage (the caller must read it)' }),
  ),
});
export type MaterialEventBody = Type.Static<typeof MaterialEventBody>;

/** An element (an active Lumitrack ID) and its current stage. */
export const MaterialElement = Type.Object({
  lumitrackId: Type.String(),
  state: Type.Enum(LUMITRACK_ID_STATES),
  tenant: Nullable(id()),
  projectName: Nullable(Type.String()),
  tenantGroupId: Nullable(id()),
  creationDate: EpochMs,
  stage: Nullable(CurrentStage),
});
export type MaterialElement = Type.Static<typeof MaterialElement>;

/** GET /tracking/material/elements */
export const MaterialElementsQuery = Type.Object({
  companyId: id(),
  tenantId: Type.Optional(id({ description: 'only the elements of this Lumitrack project' })),
  stageId: Type.Optional(id({ description: 'only the elements now at this stage' })),
  notStarted: Type.Optional(Type.Boolean({ description: 'only the elements with no stage yet' })),
  page: Type.Optional(page()),
  rpp: Type.Optional(Rpp),
  tenant: Type.Optional(Type.String({ maxLength: 64 })),
});
export type MaterialElementsQuery = Type.Static<typeof MaterialElementsQuery>;

export const MaterialStageCount = Type.Object({
  stageId: id(),
  name: Type.String(),
  position: Type.Integer({ minimum: 1, maximum: MATERIAL_STAGES_MAX }),
  count: Type.Integer({ minimum: 0 }),
});
export type MaterialStageCount = Type.Static<typeof MaterialStageCount>;

export const MaterialElementsPage = Type.Object({
  /** elements now at each stage (of the project filter, whatever the stage filter), in stage order */
  stages: Type.Array(MaterialStageCount),
  /** elements with no stage yet */
  notStarted: Type.Integer({ minimum: 0 }),
  /** elements matching every filter, over every page */
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 0 }),
  rpp: Type.Integer({ minimum: 1 }),
  items: Type.Array(MaterialElement),
});
export type MaterialElementsPage = Type.Static<typeof MaterialElementsPage>;

export const MaterialTimelineParams = Type.Object({ id: LumitrackIdText });
export type MaterialTimelineParams = Type.Static<typeof MaterialTimelineParams>;

/** GET /tracking/material/events/by_lumitrack_id/{id}: an element and its stage events, newest first. */
export const MaterialTimeline = Type.Object({
  element: MaterialElement,
  events: Type.Array(MaterialEvent),
});
export type MaterialTimeline = Type.Static<typeof MaterialTimeline>;
