import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  IconButton,
  InputAdornment,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import type {
  MaturityJob,
  ReportNode,
  ReportSensor,
  ReportTypeInfo,
  TenantGroupMember,
} from '@sitepulse/contracts';
import {
  paths,
  personName,
  REPORT_NAME_MAX,
  SCHEDULE_FREQUENCIES,
  type ScheduleFrequency,
} from '@sitepulse/domain';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useCurrentJobSite } from '../../api/queries.ts';
// The site's maturity jobs, as the site dashboard reads them (same call, same cache).
import { useSiteMaturityJobs } from '../../api/site-jobs.ts';
import { useJobSiteMembers } from '../../api/users.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { typeLabel } from '../../components/report-words.ts';
import { useTranslation } from '../../i18n/index.ts';
import {
  useReportNodes,
  useReportSensors,
  useReportTypes,
  useRequestReport,
  useScheduleReport,
} from './api.ts';
import { reportErrorText, SiteTitle } from './parts.tsx';
import {
  type BodyContext,
  canReceiveReports,
  choosesNodes,
  defaultLimit,
  defaultRange,
  formProblem,
  isRawData,
  type RawDataChoice,
  type ReportFormValues,
  toRequestBody,
  toScheduleBody,
  WEEK_ORDER,
} from './rules.ts';

/** The value of a datetime-local input: a moment in the display time zone, to the minute. */
const INPUT_FORMAT = 'YYYY-MM-DDTHH:mm';
const MONTH_DAYS = Array.from({ length: 28 }, (_, i) => i + 1);

interface JobGroup {
  id: number;
  name: string;
  jobs: MaturityJob[];
}

/** The site's job groups, from its jobs (each names its group), by name. */
function jobGroupsOf(jobs: readonly MaturityJob[]): JobGroup[] {
  const groups = new Map<number, JobGroup>();
  for (const j of jobs) {
    if (j.channelGroupId === null) continue;
    const g = groups.get(j.channelGroupId) ?? {
      id: j.channelGroupId,
      name: j.channelGroupName ?? '',
      jobs: [],
    };
    g.jobs.push(j);
    groups.set(j.channelGroupId, g);
  }
  return [...groups.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function sensorName(t: (k: string, o?: Record<string, unknown>) => string, s: ReportSensor): string {
  return s.sensorAlias || t('reports.form.sensorNamed', { id: s.sensorId });
}

/** A titled part of the form. */
function Part({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A checkbox list with a count, for sensors, nodes and people. */
function ChoiceList<T>({
  items,
  chosen,
  idOf,
  labelOf,
  disabled,
  onChange,
  label,
}: {
  items: readonly T[];
  chosen: readonly number[];
  idOf: (item: T) => number;
  labelOf: (item: T) => React.ReactNode;
  disabled?: (item: T) => boolean;
  onChange: (next: number[]) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const selectable = items.filter((i) => !disabled?.(i)).map(idOf);
  const all = selectable.length > 0 && selectable.every((id) => chosen.includes(id));
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('reports.form.chosen', { count: chosen.length, total: items.length })}
        </Typography>
        <Button
          size="small"
          onClick={() => onChange(all ? [] : selectable)}
          disabled={selectable.length === 0}
        >
          {all ? t('reports.form.none') : t('reports.form.all')}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ maxHeight: 280, overflowY: 'auto', px: 1.5, py: 0.5, borderRadius: 2 }}>
        <FormGroup aria-label={label}>
          {items.map((item) => {
            const id = idOf(item);
            return (
              <FormControlLabel
                key={id}
                disabled={disabled?.(item)}
                control={
                  <Checkbox
                    size="small"
                    checked={chosen.includes(id)}
                    onChange={(e) =>
                      onChange(e.target.checked ? [...chosen, id] : chosen.filter((x) => x !== id))
                    }
                  />
                }
                label={labelOf(item)}
                sx={{ '& .MuiFormControlLabel-label': { minWidth: 0, overflowWrap: 'anywhere' } }}
              />
            );
          })}
        </FormGroup>
      </Paper>
    </Box>
  );
}

function SensorLabel({ sensor }: { sensor: ReportSensor }) {
  const { t } = useTranslation();
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <span>{sensorName(t, sensor)}</span>
      {sensor.jobName ? (
        <Typography component="span" variant="caption" color="text.secondary">
          {sensor.jobName}
        </Typography>
      ) : null}
      {sensor.blacklisted ? (
        <Chip size="small" color="warning" variant="outlined" label={t('reports.form.blacklisted')} />
      ) : null}
    </Box>
  );
}

function NodeLabel({ node }: { node: ReportNode }) {
  const { t } = useTranslation();
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <span>{node.nodeName || t('reports.form.nodeNamed', { id: node.nodeId })}</span>
      <Typography component="span" variant="caption" color="text.secondary">
        {/* The node types are named where the sensor screens name them; an unknown type reads as sent. */}
        {t(`sensors.nodeTypes.${node.nodeType}`, { defaultValue: node.nodeType })} ·{' '}
        {t('reports.form.sensorCount', { count: node.sensorCount })}
      </Typography>
    </Box>
  );
}

function PersonLabel({ member }: { member: TenantGroupMember }) {
  const { t } = useTranslation();
  return (
    <Box component="span">
      {personName(member)}{' '}
      <Typography component="span" variant="caption" color="text.secondary">
        {member.email || t('reports.form.noEmail')}
      </Typography>
    </Box>
  );
}

function ReportForm({
  tenantGroupId,
  types,
  jobs,
}: {
  tenantGroupId: number;
  types: readonly ReportTypeInfo[];
  jobs: readonly MaturityJob[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const prefs = useDisplayPreferences();
  const zone = prefs.timeZone;
  const request = useRequestReport(tenantGroupId);
  const schedule = useScheduleReport();
  const members = useJobSiteMembers(tenantGroupId);
  const [problem, setProblem] = useState<string | null>(null);

  const maturityJobs = useMemo(() => jobs.filter((j) => j.kind === 'MATURITY'), [jobs]);
  const groups = useMemo(() => jobGroupsOf(maturityJobs), [maturityJobs]);
  const initialRange = useMemo(() => defaultRange([], Date.now()), []);

  const { watch, setValue, handleSubmit, register } = useForm<ReportFormValues>({
    defaultValues: {
      type: types[0]?.type ?? '',
      name: '',
      msjId: '',
      cjgId: '',
      rawDataOf: 'sensors',
      sensorIds: [],
      nodeIds: [],
      pairs: [{ row: 0, sid1: '', sid2: '' }],
      limit: defaultLimit(prefs.system),
      from: initialRange.from,
      to: initialRange.to,
      email: false,
      recipientIds: [],
      schedule: false,
      frequency: 'DAILY',
      weekDays: [1],
      monthDay: '1',
      timeOfDay: '07:00',
    },
  });
  const v = watch();
  const set = <K extends keyof ReportFormValues>(key: K, value: ReportFormValues[K]) => {
    setProblem(null);
    // react-hook-form types a value by its path; these keys are top-level fields.
    (setValue as (name: K, next: ReportFormValues[K]) => void)(key, value);
  };
  const info = types.find((x) => x.type === v.type);
  const subject = info?.subject;
  const pairMode = subject === 'SENSORS' && info?.differential === true;
  const rawData = isRawData(info);
  const byNodes = choosesNodes(v, info);
  const bySensors = subject === 'SENSORS' && !byNodes;
  const sensorGroup = bySensors && v.cjgId ? Number(v.cjgId) : null;
  const sensors = useReportSensors(tenantGroupId, sensorGroup, bySensors);
  const nodes = useReportNodes(tenantGroupId, byNodes);

  // The range follows the chosen job or job group: its run, else the last 24 hours.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the subject changes, not on every render
  useEffect(() => {
    const chosen =
      subject === 'JOB'
        ? maturityJobs.filter((j) => String(j.id) === v.msjId)
        : subject === 'JOB_GROUP'
          ? (groups.find((g) => String(g.id) === v.cjgId)?.jobs ?? [])
          : [];
    const range = defaultRange(chosen, Date.now());
    setValue('from', range.from);
    setValue('to', range.to);
  }, [subject, v.msjId, v.cjgId]);

  // The user's units may arrive after the form: an untouched limit follows them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of unit system moves it
  useEffect(() => {
    const other = prefs.system === 'Imperial' ? 'Metric' : 'Imperial';
    if (v.limit === defaultLimit(other)) setValue('limit', defaultLimit(prefs.system));
  }, [prefs.system]);

  const toInput = (ms: number | null) => (ms === null ? '' : dayjs(ms).tz(zone).format(INPUT_FORMAT));
  const fromInput = (text: string) => {
    const ms = text ? dayjs.tz(text, zone).valueOf() : Number.NaN;
    return Number.isFinite(ms) ? ms : null;
  };

  const onSubmit = handleSubmit((values) => {
    const found = formProblem(values, info, prefs.system);
    setProblem(found);
    if (found || !info) return;
    const ctx: BodyContext = { info, system: prefs.system, timeZone: zone, tenantGroupId };
    const done = (key: string) => {
      showAlert({ severity: 'success', message: t(key) });
      navigate(paths.reportList.href(tenantGroupId));
    };
    request.reset();
    schedule.reset();
    if (values.schedule)
      schedule.mutate(toScheduleBody(values, ctx), { onSuccess: () => done('reports.form.scheduled') });
    else request.mutate(toRequestBody(values, ctx), { onSuccess: () => done('reports.form.requested') });
  });
  const failure = request.error ?? schedule.error;
  const pending = request.isPending || schedule.isPending;

  const sensorOptions = sensors.data ?? [];
  const sensorSelect = (value: string, onChange: (next: string) => void, label: string) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      fullWidth
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{t('reports.form.choose')}</option>
      {sensorOptions.map((s) => (
        <option key={s.sensorId} value={String(s.sensorId)}>
          {sensorName(t, s)}
          {s.blacklisted ? ` (${t('reports.form.blacklisted')})` : ''}
        </option>
      ))}
    </TextField>
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2, maxWidth: 760 }}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('titles.reportGeneration')}>
        <Stack spacing={3}>
          <TextField
            select
            label={t('reports.form.type')}
            value={v.type}
            onChange={(e) => set('type', e.target.value)}
            fullWidth
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {types.map((x) => (
              <option key={x.type} value={x.type}>
                {typeLabel(t, x.type, x.format)}
              </option>
            ))}
          </TextField>
          {info ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: -2 }}>
              {t(`reports.typeHelp.${info.type}`)}
            </Typography>
          ) : null}

          {subject === 'JOB' ? (
            <TextField
              select
              label={t('reports.form.job')}
              value={v.msjId}
              onChange={(e) => set('msjId', e.target.value)}
              fullWidth
              helperText={maturityJobs.length === 0 ? t('reports.form.noJobs') : ' '}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">{t('reports.form.choose')}</option>
              {maturityJobs.map((j) => (
                <option key={j.id} value={String(j.id)}>
                  {j.channelJobName}
                </option>
              ))}
            </TextField>
          ) : null}

          {rawData ? (
            <FormControl>
              <FormLabel id="report-raw-data-of">{t('reports.form.rawDataOf')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="report-raw-data-of"
                value={v.rawDataOf}
                onChange={(e) => set('rawDataOf', e.target.value as RawDataChoice)}
              >
                <FormControlLabel value="sensors" control={<Radio />} label={t('reports.form.bySensors')} />
                <FormControlLabel value="nodes" control={<Radio />} label={t('reports.form.byNodes')} />
              </RadioGroup>
            </FormControl>
          ) : null}

          {subject === 'JOB_GROUP' || bySensors ? (
            <TextField
              select
              label={subject === 'JOB_GROUP' ? t('reports.form.group') : t('reports.form.groupFilter')}
              value={v.cjgId}
              onChange={(e) => {
                set('cjgId', e.target.value);
                set('sensorIds', []);
              }}
              fullWidth
              helperText={groups.length === 0 ? t('reports.form.noGroups') : ' '}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">
                {subject === 'JOB_GROUP' ? t('reports.form.choose') : t('reports.form.allGroups')}
              </option>
              {groups.map((g) => (
                <option key={g.id} value={String(g.id)}>
                  {g.name || t('reports.form.groupNamed', { id: g.id })}
                </option>
              ))}
            </TextField>
          ) : null}

          {bySensors ? (
            <Part title={pairMode ? t('reports.form.pairs') : t('reports.form.sensors')}>
              <QueryState
                query={sensors}
                isEmpty={(list) => list.length === 0}
                empty={<EmptyState message={t('reports.form.noSensors')} />}
              >
                {(list) =>
                  pairMode ? (
                    <Stack spacing={1.5} data-testid="sensor-pairs">
                      <Typography variant="body2" color="text.secondary">
                        {t('reports.form.pairsHelp')}
                      </Typography>
                      {v.pairs.map((p, i) => (
                        <Stack
                          key={p.row}
                          direction={{ xs: 'column', sm: 'row' }}
                          spacing={1}
                          sx={{ alignItems: { sm: 'center' } }}
                        >
                          {sensorSelect(
                            p.sid1,
                            (next) =>
                              set(
                                'pairs',
                                v.pairs.map((x, k) => (k === i ? { ...x, sid1: next } : x)),
                              ),
                            t('reports.form.pairA', { n: i + 1 }),
                          )}
                          {sensorSelect(
                            p.sid2,
                            (next) =>
                              set(
                                'pairs',
                                v.pairs.map((x, k) => (k === i ? { ...x, sid2: next } : x)),
                              ),
                            t('reports.form.pairB', { n: i + 1 }),
                          )}
                          <IconButton
                            aria-label={t('reports.form.removePair', { n: i + 1 })}
                            disabled={v.pairs.length === 1}
                            onClick={() =>
                              set(
                                'pairs',
                                v.pairs.filter((_, k) => k !== i),
                              )
                            }
                          >
                            <DeleteOutlineRoundedIcon fontSize="small" />
                          </IconButton>
                        </Stack>
                      ))}
                      <Box>
                        <Button
                          size="small"
                          startIcon={<AddRoundedIcon />}
                          onClick={() =>
                            set('pairs', [
                              ...v.pairs,
                              { row: Math.max(...v.pairs.map((x) => x.row)) + 1, sid1: '', sid2: '' },
                            ])
                          }
                          disabled={list.length < 2}
                        >
                          {t('reports.form.addPair')}
                        </Button>
                      </Box>
                    </Stack>
                  ) : (
                    <ChoiceList
                      items={list}
                      chosen={v.sensorIds}
                      idOf={(s) => s.sensorId}
                      labelOf={(s) => <SensorLabel sensor={s} />}
                      onChange={(next) => set('sensorIds', next)}
                      label={t('reports.form.sensors')}
                    />
                  )
                }
              </QueryState>
            </Part>
          ) : null}

          {byNodes ? (
            <Part title={t('reports.form.nodes')}>
              {rawData ? (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {t('reports.form.nodesHelp')}
                </Typography>
              ) : null}
              <QueryState
                query={nodes}
                isEmpty={(list) => list.length === 0}
                empty={<EmptyState message={t('reports.form.noNodes')} />}
              >
                {(list) => (
                  <ChoiceList
                    items={list}
                    chosen={v.nodeIds}
                    idOf={(n) => n.nodeId}
                    labelOf={(n) => <NodeLabel node={n} />}
                    onChange={(next) => set('nodeIds', next)}
                    label={t('reports.form.nodes')}
                  />
                )}
              </QueryState>
            </Part>
          ) : null}

          {info?.differential ? (
            <TextField
              label={t('reports.form.limit')}
              value={v.limit}
              onChange={(e) => set('limit', e.target.value)}
              inputMode="decimal"
              helperText={t('reports.form.limitHelp')}
              sx={{ maxWidth: 280 }}
              slotProps={{
                input: {
                  endAdornment: <InputAdornment position="end">{prefs.unit('temperature')}</InputAdornment>,
                },
              }}
            />
          ) : null}

          <TextField
            {...register('name')}
            label={t('reports.form.name')}
            helperText={t('reports.form.nameHelp')}
            fullWidth
            slotProps={{ htmlInput: { maxLength: REPORT_NAME_MAX } }}
          />

          <Part title={t('reports.form.when')}>
            {!v.schedule ? (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label={t('reports.form.from')}
                  type="datetime-local"
                  value={toInput(v.from)}
                  onChange={(e) => set('from', fromInput(e.target.value))}
                  fullWidth
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'report-from' } }}
                />
                <TextField
                  label={t('reports.form.to')}
                  type="datetime-local"
                  value={toInput(v.to)}
                  onChange={(e) => set('to', fromInput(e.target.value))}
                  fullWidth
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'report-to' } }}
                />
              </Stack>
            ) : (
              // A scheduled report has no range to choose: it covers the period before each run.
              <Typography variant="body2" color="text.secondary" data-testid="schedule-period">
                {t('reports.form.scheduleHelp', { frequency: t(`reports.period.${v.frequency}`) })}
              </Typography>
            )}
            <Typography
              variant="caption"
              color="text.secondary"
              component="p"
              sx={{ mt: 1 }}
              data-testid="report-zone"
            >
              {t('reports.form.zone', { zone, label: prefs.zoneLabel() })}
            </Typography>
          </Part>

          <Part title={t('reports.form.scheduleTitle')}>
            <FormControlLabel
              control={<Switch checked={v.schedule} onChange={(e) => set('schedule', e.target.checked)} />}
              label={t('reports.form.repeat')}
            />
            {v.schedule ? (
              <Stack spacing={2} sx={{ mt: 1 }} data-testid="schedule-fields">
                <FormControl>
                  <FormLabel id="report-frequency">{t('reports.form.frequency')}</FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby="report-frequency"
                    value={v.frequency}
                    onChange={(e) => set('frequency', e.target.value as ScheduleFrequency)}
                  >
                    {SCHEDULE_FREQUENCIES.map((f) => (
                      <FormControlLabel
                        key={f}
                        value={f}
                        control={<Radio />}
                        label={t(`reports.frequency.${f}`)}
                      />
                    ))}
                  </RadioGroup>
                </FormControl>
                {v.frequency === 'WEEKLY' ? (
                  <FormGroup row aria-label={t('reports.form.weekDays')}>
                    {WEEK_ORDER.map((d) => (
                      <FormControlLabel
                        key={d}
                        label={t(`reports.weekDays.${d}`)}
                        control={
                          <Checkbox
                            size="small"
                            checked={v.weekDays.includes(d)}
                            onChange={(e) =>
                              set(
                                'weekDays',
                                e.target.checked ? [...v.weekDays, d] : v.weekDays.filter((x) => x !== d),
                              )
                            }
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                ) : null}
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  {v.frequency === 'MONTHLY' ? (
                    <TextField
                      select
                      label={t('reports.form.monthDay')}
                      value={v.monthDay}
                      onChange={(e) => set('monthDay', e.target.value)}
                      sx={{ minWidth: 160 }}
                      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                    >
                      {MONTH_DAYS.map((d) => (
                        <option key={d} value={String(d)}>
                          {d}
                        </option>
                      ))}
                    </TextField>
                  ) : null}
                  <TextField
                    label={t('reports.form.time')}
                    type="time"
                    value={v.timeOfDay}
                    onChange={(e) => set('timeOfDay', e.target.value)}
                    sx={{ minWidth: 160 }}
                    slotProps={{
                      inputLabel: { shrink: true },
                      htmlInput: { 'data-testid': 'schedule-time' },
                    }}
                  />
                </Stack>
              </Stack>
            ) : null}
          </Part>

          <Part title={t('reports.form.delivery')}>
            <FormControlLabel
              control={<Switch checked={v.email} onChange={(e) => set('email', e.target.checked)} />}
              label={t('reports.form.email')}
            />
            {v.email ? (
              <QueryState query={members} isEmpty={(list) => !list.some(canReceiveReports)}>
                {(list) => (
                  <ChoiceList
                    items={list.filter(canReceiveReports)}
                    chosen={v.recipientIds}
                    idOf={(m) => m.id}
                    labelOf={(m) => <PersonLabel member={m} />}
                    disabled={(m) => !m.email}
                    onChange={(next) => set('recipientIds', next)}
                    label={t('reports.form.recipients')}
                  />
                )}
              </QueryState>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('reports.form.listOnly')}
              </Typography>
            )}
          </Part>

          {problem ? (
            <Alert severity="warning" data-testid="report-problem">
              {t(problem)}
            </Alert>
          ) : null}
          {failure ? (
            <Alert severity="error" data-testid="report-error">
              {reportErrorText(t, failure)}
            </Alert>
          ) : null}
          <Stack
            direction={{ xs: 'column-reverse', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'flex-end' }}
          >
            <Button component={RouterLink} to={paths.reportList.href(tenantGroupId)}>
              {t('reports.form.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={pending}>
              {v.schedule ? t('reports.form.submitSchedule') : t('reports.form.submit')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Paper>
  );
}

/**
 * /report-generation/{jobsiteId} (spec section 2, 'Report Generation'): a report of a type the company may
 * use, on a job, a job group, chosen sensors (or sensor pairs) or nodes of the site, over a range or on a
 * schedule, e-mailed to chosen members. Any member who may open the site may request one (the server checks).
 */
export default function ReportGenerationPage() {
  const { t } = useTranslation();
  const { jobsiteId } = useParams();
  const tenantGroupId = Number(jobsiteId);
  const { jobSite } = useCurrentJobSite(jobsiteId);
  const types = useReportTypes();
  const jobs = useSiteMaturityJobs(tenantGroupId);

  return (
    <PageFrame
      title={<SiteTitle siteName={jobSite?.name} title={t('titles.reportGeneration')} />}
      actions={
        <Button
          component={RouterLink}
          to={paths.reportList.href(tenantGroupId)}
          startIcon={<ArrowBackRoundedIcon />}
          size="small"
        >
          {t('reports.list.back')}
        </Button>
      }
    >
      <QueryState
        query={types}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState message={t('reports.form.noTypes')} />}
      >
        {(list) => (
          <QueryState query={jobs}>
            {(all) => <ReportForm tenantGroupId={tenantGroupId} types={list} jobs={all} />}
          </QueryState>
        )}
      </QueryState>
    </PageFrame>
  );
}
