import type { Generated } from 'kysely';

/** Every time column is UTC epoch milliseconds (integer on SQLite, bigint parsed to number on PostgreSQL).
 * Booleans are stored as integers 0/1 on both dialects. */
export interface AppSecretTable {
  key: string;
  value: string;
}

export interface CompanyTable {
  id: Generated<number>;
  name: string;
  auth_code: string;
  created_at: number;
}

export interface CompanyModuleTable {
  id: Generated<number>;
  company_id: number;
  module_type: 'Concrete' | 'Lumimon' | 'Lumitrack';
  is_active: number;
  company_tier: string;
  spec: string;
  tier_spec: string;
  created_at: number;
}

export interface CompanyAssetTable {
  id: Generated<number>;
  company_id: number;
  type: 'LOGO_IMG';
  bin_val: string;
  mime_type: string;
  created_at: number;
}

export interface AppUserTable {
  id: Generated<number>;
  company_id: number;
  username: string;
  email: string;
  phone: string | null;
  first_name: string;
  last_name: string;
  account_type: string;
  /** JSON list of extra (staff) roles, e.g. ["AOMS_READER"] */
  roles: string;
  password_hash: string | null;
  is_active: number;
  invitation_status: string;
  created_at: number;
  /** set when the user was deleted: the row stays so the audit and history keep naming them */
  deleted_at: number | null;
  /** when the last invitation (or re-invitation) went out, and by whom */
  invited_at: number | null;
  invited_by: number | null;
}

export interface UserSettingTable {
  user_id: number;
  type: string;
  val: string;
}

export interface TenantGroupTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  type: 'Construction Site' | 'Precast Plant';
  state: 'ACTIVE' | 'TERMINATED';
  address: string;
  latitude: number | null;
  longitude: number | null;
  created_at: number;
  /** IANA zone set by an admin; null: the zone at the site's coordinates (UTC without them). */
  time_zone: string | null;
}

export interface TenantTable {
  id: Generated<number>;
  tenant_group_id: number;
  company_id: number;
  name: string;
  type: 'Concrete' | 'Lumitrack' | 'Lumimon';
  state: 'ACTIVE' | 'TERMINATED';
  created_at: number;
}

export interface GatewayTable {
  id: Generated<number>;
  company_id: number;
  tenant_group_id: number | null;
  name: string;
  key_hash: string | null;
  created_at: number;
  /** the last ingest call of this gateway (migration 011): GATEWAY_OFFLINE reads it */
  last_uplink_at: number | null;
}

export interface UserTenantGroupTable {
  user_id: number;
  tenant_group_id: number;
  access: number;
}

export interface AuthSessionTable {
  id: string;
  user_id: number;
  refresh_token_hash: string;
  expires_at: number;
  revoked_at: number | null;
  created_at: number;
}

/** RESET: a /reset_pwd link; INVITE: the /create_pwd link of an invitation. */
export type PasswordTokenPurpose = 'RESET' | 'INVITE';

/** Single-use links: only the SHA-256 of the token is kept. */
export interface PasswordResetTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: number;
  /** when the link was used, or voided (a newer link, the user deleted) */
  used_at: number | null;
  created_at: number;
  purpose: Generated<PasswordTokenPurpose>;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  /** the rendered message (nodemailer JSON transport output) */
  raw: string | null;
  created_at: number;
  sent_at: number | null;
  error: string | null;
  /** the company of the recipient (null for messages not tied to one) */
  company_id: number | null;
  /** sms messages are kept for an admin to pass on (no SMS gateway): never sent */
  channel: Generated<'email' | 'sms'>;
}

export type UserAuditOperationName =
  | 'INVITE'
  | 'REINVITE'
  | 'ACCOUNT_SETUP'
  | 'UPDATE_DETAILS'
  | 'ASSIGN_PHONE'
  | 'ASSIGN_ACCOUNT_TYPE'
  | 'ACTIVATE'
  | 'DEACTIVATE'
  | 'DELETE'
  | 'GRANT'
  | 'CHANGE_ROLE'
  | 'REVOKE'
  | 'PASSWORD_CHANGE'
  | 'PASSWORD_RESET';

/** What was done to a user and by whom (null: the user themself through an e-mailed link). */
export interface UserAuditTable {
  id: Generated<number>;
  company_id: number;
  actor_user_id: number | null;
  target_user_id: number;
  operation: UserAuditOperationName;
  tenant_group_id: number | null;
  detail: string;
  created_at: number;
}

export interface TextResourceTable {
  name: string;
  language: string;
  text: string;
}

export interface ConcreteProfileTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  description: Generated<string>;
  /** NURSE_SAUL or EQUIVALENT_AGE: which index the strength curve takes */
  maturity_function: Generated<string>;
  datum_c: number;
  activation_energy: number;
  reference_c: number;
  /** strength curve S = a + b·log10(M) */
  curve_a: number;
  curve_b: number;
  r2: number | null;
  min_maturity: number | null;
  max_maturity: number | null;
  /** JSON list of lab breaks {maturity, strength} */
  breaks: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface CableTable {
  id: number;
  company_id: number;
  name: string;
  /** JSON text: {channels: [{channelType, channelId}]} */
  spec: string;
  dynamic_spec: string;
  created_at: number;
}

export interface NodeTable {
  id: number;
  company_id: number;
  tenant_group_id: number | null;
  tenant_id: number | null;
  gateway_id: number | null;
  cable_id: number | null;
  node_type: string;
  name: string;
  battery_level_type: Generated<number>;
  latest_battery: number | null;
  latest_battery_ts: number | null;
  latest_signal: number | null;
  latest_signal_ts: number | null;
  latest_lat: number | null;
  latest_lng: number | null;
  latest_location_ts: number | null;
  created_at: number;
}

export interface SensorTable {
  id: Generated<number>;
  company_id: number;
  node_id: number;
  channel_id: number;
  sensor_type: string;
  alias: string | null;
  decommissioned: Generated<number>;
  blacklisted: Generated<number>;
  latest_value: number | null;
  latest_value_ts: number | null;
  /** when the latest reading was received */
  message_ts: number | null;
  created_at: number;
}

export interface ReadingTable {
  sensor_id: number;
  ts: number;
  value: number;
}

export interface ReadingHourTable {
  sensor_id: number;
  /** start of the UTC hour, epoch ms */
  hour: number;
  n: number;
  total: number;
  min: number;
  max: number;
}

export interface NodeStatusTable {
  node_id: number;
  ts: number;
  battery: number | null;
  signal: number | null;
}

export interface NodeLocationTable {
  node_id: number;
  ts: number;
  lat: number;
  lng: number;
}

export interface RejectedReadingTable {
  id: Generated<number>;
  company_id: number;
  gateway_id: number | null;
  received_at: number;
  /** reading, status or location */
  kind: string;
  item_index: number;
  /** the item as sent, JSON */
  item: string;
  reason: string;
}

export interface JobGroupTable {
  id: Generated<number>;
  company_id: number;
  tenant_id: number;
  name: string;
  status: Generated<string>;
  created_at: number;
}

export interface JobTable {
  id: Generated<number>;
  company_id: number;
  tenant_group_id: number;
  tenant_id: number;
  job_group_id: number | null;
  /** MATURITY, HUMIDITY, MICROWEATHER, DATA, GPS or POWER */
  kind: string;
  /** channelJobTypeName: 'Maturity', 'Humidity', 'Gas', 'GPS', ... */
  job_type_name: string;
  name: string;
  node_id: number;
  cable_id: number | null;
  /** server job status: NONE, NEW, RUNNING, TERMINATED, ERROR, MAINTENANCE */
  status: Generated<string>;
  sensor_flags: Generated<number>;
  /** JSON list of the sensor types the job reads */
  sensor_types: Generated<string>;
  concrete_profile_id: number | null;
  start_date: number | null;
  termination_date: number | null;
  job_attributes: Generated<string>;
  /**
   * JSON text: the job's SENSOR_THRESHOLD {alarmType, sensorType, mediumThresholdHBound,
   * mediumThresholdLBound, lastModified} ('{}' when none). The strength threshold is singular_target.
   */
  alarm_data: Generated<string>;
  job_alarm_triggered: Generated<number>;
  low_target: number | null;
  medium_target: number | null;
  high_target: number | null;
  singular_target: number | null;
  /** Unit the spec's target was entered in ('MPa' or 'psi'); null: MPa. */
  target_unit: string | null;
  /** What the spec's target is for (a JOB_TARGET_KINDS value); null: STRIPPING. */
  target_kind: string | null;
  /** Largest temperature difference of the job's sensor pairs, °C (migration 012); null: DIFFERENTIAL_LIMIT_C. */
  differential_limit_c: number | null;
  created_at: number;
}

export interface MaturityStateTable {
  job_id: number;
  sensor_id: number;
  last_ts: number;
  last_temp: number;
  maturity: number;
  equivalent_age: number;
  /** readings counted */
  n: number;
}

export interface MaturityHourTable extends MaturityStateTable {
  hour: number;
}

/** A further strength target of a maturity job (issue 13): one per kind. */
export interface JobTargetTable {
  id: Generated<number>;
  company_id: number;
  job_id: number;
  /** STRIPPING, POST_TENSIONING, OPEN_TO_TRAFFIC or DESIGN */
  kind: string;
  strength_mpa: number;
  /** the figure as the engineer entered it, in entered_unit ('MPa' or 'psi') */
  entered_value: number;
  entered_unit: string;
  created_by: number | null;
  created_at: number;
}

/** A pair of temperature sensors of a maturity job its differential reports compare (issue 14). */
export interface JobSensorPairTable {
  id: Generated<number>;
  job_id: number;
  /** compared as sensor_id_1 minus sensor_id_2; unique per job whichever way round */
  sensor_id_1: number;
  sensor_id_2: number;
  created_at: number;
  created_by: number | null;
}

/** A decision recorded on a maturity job (forms stripped, tendons stressed...): never edited, only superseded. */
export interface JobSignoffTable {
  id: Generated<number>;
  company_id: number;
  job_id: number;
  decision: string;
  /** the job's strength (MPa) and maturity shown when it was recorded */
  strength_mpa: number | null;
  maturity: number | null;
  note: string;
  user_id: number;
  user_name: string;
  supersedes_id: number | null;
  created_at: number;
}

/** A report request (issue 14): stored NEW, claimed by a worker with a lease, then DONE or ERROR. */
export interface ReportRequestTable {
  id: Generated<number>;
  name: string;
  tenant_group_id: number;
  company_id: number;
  owner_company_id: number;
  owner_user_id: number;
  owner_username: string;
  /** a REPORT_TYPES value */
  type: string;
  /** NEW, RUNNING, DONE or ERROR */
  status: string;
  error: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** while RUNNING: until when the worker that claimed it owns it (another may take it over after) */
  lease_until: number | null;
  /** how many times a worker claimed it */
  attempts: Generated<number>;
  cj_id: number | null;
  channel_job_name: string | null;
  channel_job_type: string | null;
  msj_id: number | null;
  mdd_id: number | null;
  /** JSON text: ["email"] or [] */
  delivery_methods: string;
  /** JSON text: user ids */
  recipient_ids: string;
  auto: Generated<number>;
  schedule_id: number | null;
  /** JSON text: ReportAttributes with from, to, units, language and timeZone filled in */
  attributes: string;
  file_name: string | null;
  file_size: number | null;
}

/** A report made again daily, weekly or monthly (issue 14). */
export interface ReportScheduleTable {
  id: Generated<number>;
  company_id: number;
  tenant_group_id: number;
  owner_user_id: number;
  owner_username: string;
  is_active: number;
  name: string;
  type: string;
  frequency: string;
  /** JSON text: 0 (Sunday) .. 6 */
  week_days: string;
  month_day: number | null;
  /** HH:mm in time_zone */
  time_of_day: string;
  time_zone: string;
  /** JSON text: the ReportRequestBody each run makes */
  request: string;
  /** the next occurrence (null while stopped); a scheduler fires it by compare-and-set on this value */
  next_run_at: number | null;
  last_run_at: number | null;
  created_at: number;
}

/** One alarm from raised to cleared (issue 15). */
export interface AlarmEventTable {
  id: Generated<number>;
  company_id: number;
  tenant_group_id: number;
  /** an ALARM_KINDS value */
  kind: string;
  /** names the alarm (kind, job, sensor, side or node): unique among uncleared rows */
  alarm_key: string;
  job_id: number | null;
  sensor_id: number | null;
  node_id: number | null;
  gateway_id: number | null;
  /** TEMPERATURE_DIFFERENTIAL: the pair's second sensor (sensor_id is the first; migration 015) */
  second_sensor_id: number | null;
  /** AVERAGE_STRENGTH: the job group (migration 015) */
  job_group_id: number | null;
  side: 'high' | 'low' | null;
  quantity: string | null;
  value: number | null;
  bound: number | null;
  raised_at: number;
  acknowledged_at: number | null;
  acknowledged_by: number | null;
  ack_note: string | null;
  cleared_at: number | null;
}

/** Per alarm key: the readings judged so far, and a breach not yet long enough to raise (issue 15). */
export interface AlarmBreachTable {
  alarm_key: string;
  company_id: number;
  /** the reading time the value first went beyond the bound (null: no breach pending) */
  since: number | null;
  /** the latest reading time judged */
  last_ts: number;
  last_value: number | null;
}

/** A person's choice of alarm e-mails for one job site (issue 15); no row: subscribed. */
export interface EmailSubscriptionTable {
  user_id: number;
  tenant_group_id: number;
  enabled: number;
  updated_at: number;
}

/** One alarm message to one person on one channel (issue 15), with its delivery state. */
export interface NotificationMessageTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  tenant_group_id: number | null;
  /** null for a digest */
  alarm_event_id: number | null;
  /** EMAIL, SMS or PUSH: the channel it goes by */
  channel: string;
  /** the channel the person asked for when another one was used (PUSH without a device: EMAIL) */
  requested_channel: string | null;
  /** PUSH: the page a notification opens (PUBLIC_URL based) */
  link: string | null;
  /** RAISED, CLEARED or DIGEST */
  change: string;
  /** a DELIVERY_STATES value */
  state: Generated<string>;
  attempts: Generated<number>;
  /** not claimed before this time (retry backoff; a digest: the end of its hour) */
  next_attempt_at: number;
  /** while a worker sends it: until when that worker owns it */
  lease_until: number | null;
  created_at: number;
  sent_at: number | null;
  error: string | null;
  /** e-mail address or phone number, as it was when the message was made */
  to_address: string;
  subject: string;
  body: string;
  html: string | null;
  language: Generated<string>;
  /** a digest: the start of the hour whose DIGESTED messages it sums up */
  digest_hour: number | null;
  /** alarm event, person, channel and change (or digest, person and hour): unique */
  dedupe_key: string;
}

/** One browser's Web Push subscription (issue 15): the push service's endpoint and its keys. */
export interface PushSubscriptionTable {
  id: Generated<number>;
  user_id: number;
  /** unique: a browser's subscription belongs to one person at a time */
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: number;
  /** when the push service last accepted a message for it */
  last_ok_at: number | null;
  /** when the push service last refused one (not 404/410: those remove it) */
  failed_at: number | null;
}

/** A checklist template of a company (issue 16, migration 014). */
export interface ChecklistTemplateTable {
  id: Generated<number>;
  company_id: number;
  /** unique in the company, case ignored */
  name: string;
  /** JSON text of the template content ({ items }), as checked by domain checkChecklistTemplate */
  template: string;
  /** moves on with every edit of the content: a fill keeps the version it filled */
  version: Generated<number>;
  is_active: Generated<number>;
  created_at: number;
  last_modified: number;
}

/** A Lumitrack project a checklist template is assigned to. */
export interface ChecklistTemplateTenantTable {
  template_id: number;
  tenant_id: number;
}

/** One operation on a checklist template (a CHECKLIST_AUDIT_OPERATIONS value), who and when. */
export interface ChecklistAuditTable {
  id: Generated<number>;
  company_id: number;
  template_id: number;
  operation: string;
  user_id: number | null;
  username: string;
  detail: string | null;
  created_at: number;
}

/** A checklist filled for a Lumitrack ID: the template as it was filled, the answers, who and when. */
export interface ChecklistFillTable {
  id: Generated<number>;
  company_id: number;
  template_id: number;
  template_version: number;
  template_name: string;
  /** JSON text: the template content filled (a later edit of the template does not change it) */
  template: string;
  tenant_id: number;
  tenant_group_id: number;
  /** the Lumitrack ID's string id */
  lumitrack_id: string;
  /** JSON text: [{ key, value }] in the template's order */
  answers: string;
  user_id: number;
  username: string;
  user_name: string;
  created_at: number;
}

/** A photo uploaded for a PHOTO item; its bytes are in the checklist photo store under its id. */
export interface ChecklistPhotoTable {
  /** a UUID, also the stored file's name */
  id: string;
  company_id: number;
  user_id: number;
  /** the fill that took it; null until then */
  fill_id: number | null;
  mime_type: string;
  size: number;
  created_at: number;
}

/** One page view or event (migration 016): kept USAGE_RAW_RETENTION_DAYS days. */
export interface UsageEventTable {
  id: Generated<number>;
  company_id: number;
  /** from the session, never from the request's body or headers */
  user_id: number;
  kind: 'page' | 'event';
  /** the route pattern (domain usageRoutePattern), never a path with ids */
  path: string;
  /** the event name; '' for a page view */
  name: Generated<string>;
  at: number;
}

/** Page views and events per company, UTC day, page and event (migration 016): kept. */
export interface UsageDailyTable {
  company_id: number;
  /** 'YYYY-MM-DD', UTC */
  day: string;
  kind: 'page' | 'event';
  path: string;
  /** the event name; '' for page views */
  name: string;
  count: number;
}

/** A Lumitrack ID (issue 16, migration 013): the human ID printed on its label, unique per company. */
export interface LumitrackIdTable {
  id: Generated<number>;
  company_id: number;
  /** the human ID, e.g. LT-7K3M-Q9XP (domain LUMITRACK_ID_PATTERN) */
  lumitrack_id: string;
  /** a LUMITRACK_ID_TYPES value */
  type: Generated<string>;
  /** Active or Inactive (deleted: hidden from the lists, never reused) */
  state: Generated<string>;
  /** the Lumitrack project it is assigned to (null: none yet) */
  tenant_id: number | null;
  /** the GPS node tracking it (unique: a node tracks one ID at most) */
  gps_node_id: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  deactivated_at: number | null;
}

/** An ID file request (issue 16): QR labels of some IDs, made by the label worker (a leased queue). */
export interface LumitrackFileRequestTable {
  id: Generated<number>;
  company_id: number;
  owner_user_id: number | null;
  owner_username: string;
  /** an ID_FILE_REQUEST_TYPES value */
  type: string;
  /** NEW, RUNNING, DONE or ERROR */
  status: Generated<string>;
  is_user_defined: number;
  /** printed on every label */
  company_name: string;
  /** PNG, PDF or ZIP */
  file_type: string;
  /** PNG, PDF_A4 or PDF_LETTER */
  file_format: string;
  id_count: number;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  lease_until: number | null;
  attempts: Generated<number>;
  error: string | null;
  /** the stored file (DONE) */
  file_name: string | null;
  file_size: number | null;
}

/** The IDs of a file request, in label order. */
export interface LumitrackFileRequestItemTable {
  request_id: number;
  position: number;
  lumitrack_id_id: number;
}

/** A user's preferred QR label format (section 2: default PDF Letter). */
export interface LumitrackLabelPreferenceTable {
  user_id: number;
  file_format: string;
  updated_at: number;
}

/** A stage of a company's material tracking (issue 16, migration 018): its name and order (1 = first). */
export interface MaterialStageTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  position: number;
  /** the checklist filled at this stage (a checklist template of the company), if any */
  checklist_template_id: number | null;
  created_at: number;
  updated_at: number;
}

/** Issue 17: the time before which a company's raw readings were removed by its retention (migration 019). */
export interface RetentionMarkTable {
  company_id: number;
  raw_before: number;
  updated_at: number;
}

/** Issue 17: periodic work run once across processes (compare-and-set on next_run_at; migration 019). */
export interface MaintenanceTaskTable {
  name: string;
  next_run_at: number;
  started_at: number | null;
  finished_at: number | null;
  error: string | null;
}

/** A stage recorded for an element (a Lumitrack ID): who, when, how it moved, an optional note and checklist. */
export interface MaterialEventTable {
  id: Generated<number>;
  company_id: number;
  lumitrack_id_id: number;
  stage_id: number;
  /** FIRST, FORWARD, SAME or BACKWARD (domain StageMove) */
  move: string;
  note: string | null;
  checklist_fill_id: number | null;
  user_id: number;
  username: string;
  user_name: string;
  created_at: number;
}

export interface Database {
  app_secret: AppSecretTable;
  company: CompanyTable;
  company_module: CompanyModuleTable;
  company_asset: CompanyAssetTable;
  app_user: AppUserTable;
  user_setting: UserSettingTable;
  tenant_group: TenantGroupTable;
  tenant: TenantTable;
  gateway: GatewayTable;
  user_tenant_group: UserTenantGroupTable;
  auth_session: AuthSessionTable;
  password_reset: PasswordResetTable;
  mail_outbox: MailOutboxTable;
  user_audit: UserAuditTable;
  text_resource: TextResourceTable;
  concrete_profile: ConcreteProfileTable;
  cable: CableTable;
  node: NodeTable;
  sensor: SensorTable;
  reading: ReadingTable;
  reading_hour: ReadingHourTable;
  node_status: NodeStatusTable;
  node_location: NodeLocationTable;
  rejected_reading: RejectedReadingTable;
  job_group: JobGroupTable;
  job: JobTable;
  maturity_state: MaturityStateTable;
  maturity_hour: MaturityHourTable;
  job_target: JobTargetTable;
  job_sensor_pair: JobSensorPairTable;
  job_signoff: JobSignoffTable;
  report_request: ReportRequestTable;
  report_schedule: ReportScheduleTable;
  alarm_event: AlarmEventTable;
  email_subscription: EmailSubscriptionTable;
  notification_message: NotificationMessageTable;
  push_subscription: PushSubscriptionTable;
  alarm_breach: AlarmBreachTable;
  checklist_template: ChecklistTemplateTable;
  checklist_template_tenant: ChecklistTemplateTenantTable;
  checklist_audit: ChecklistAuditTable;
  checklist_fill: ChecklistFillTable;
  checklist_photo: ChecklistPhotoTable;
  usage_event: UsageEventTable;
  usage_daily: UsageDailyTable;
  lumitrack_id: LumitrackIdTable;
  lumitrack_file_request: LumitrackFileRequestTable;
  lumitrack_file_request_item: LumitrackFileRequestItemTable;
  lumitrack_label_preference: LumitrackLabelPreferenceTable;
  material_stage: MaterialStageTable;
  material_event: MaterialEventTable;
  retention_mark: RetentionMarkTable;
  maintenance_task: MaintenanceTaskTable;
}
