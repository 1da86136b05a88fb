/**
 * The calls of the job screen: one hook per call, each keyed under queryKeys.jobs.maturity(id) (maturity and
 * humidity jobs) or queryKeys.jobs.channel(id) (microweather jobs), so live readings and every change of the
 * job refresh exactly this job. Every fetch passes the query's signal: a cancelled request is dropped silently.
 */
import type {
  Alarm,
  AlarmDataInput,
  ChannelJob,
  ChannelSensor,
  ConcreteProfile,
  JobTarget,
  JobTargetsBody,
  MaturityJobDetail,
  MaturityTimeSeries,
  MeasurementAverage,
  MeasurementExtremity,
  MicroweatherJobDetail,
  MsjExtremity,
  MsjMeasurementTimeSeries,
  SensorStats,
  SeriesResponse,
} from '@sitepulse/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { currentIdentity } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';

const MATURITY_JOBS = '/analytics/concrete/maturity/jobs';
const MICROWEATHER_JOBS = '/analytics/microweather/node/jobs';

const mkey = (id: number, call: string, ...params: (string | number)[]) =>
  queryKeys.jobs.jobPage('maturity', id, call, ...params);
const ckey = (id: number, call: string, ...params: (string | number)[]) =>
  queryKeys.jobs.jobPage('channel', id, call, ...params);

// ---------------------------------------------------------------- maturity and humidity jobs

/** GET .../maturity/jobs/details/{id}: the job, its data, its concrete profile and each sensor's data. */
export function useMaturityJob(id: number) {
  return useQuery({
    queryKey: mkey(id, 'details'),
    queryFn: ({ signal }) => apiFetch<MaturityJobDetail>(`${MATURITY_JOBS}/details/${id}`, { signal }),
  });
}

/** POST /data/analytics/concrete/maturity/time: maturity and strength over the job's time (average and per sensor). */
export function useMaturityTime(id: number, enabled: boolean) {
  return useQuery({
    queryKey: mkey(id, 'maturityTime'),
    queryFn: ({ signal }) =>
      apiFetch<MaturityTimeSeries>('/data/analytics/concrete/maturity/time', {
        method: 'POST',
        body: { msjId: id },
        signal,
      }),
    enabled,
  });
}

/**
 * POST /data/analytics/concrete/maturity/time/by_sids: the same for sensors the job no longer counts
 * (blacklisted or decommissioned), so they can still be looked at beside the others.
 */
export function useMaturityTimeBySids(id: number, sensorIds: readonly number[]) {
  const ids = [...sensorIds].sort((a, b) => a - b);
  return useQuery({
    queryKey: mkey(id, 'maturityTimeBySids', ids.join(',')),
    queryFn: ({ signal }) =>
      apiFetch<MaturityTimeSeries>('/data/analytics/concrete/maturity/time/by_sids', {
        method: 'POST',
        body: { msjId: id, sensorIds: ids },
        signal,
      }),
    enabled: ids.length > 0,
  });
}

/** POST /data/measurement/time: the readings of the job's sensors of one type (avg, min, max per bucket). */
export function useMeasurementTime(id: number, sensorType: string, enabled = true) {
  return useQuery({
    queryKey: mkey(id, 'measurementTime', sensorType),
    queryFn: ({ signal }) =>
      apiFetch<MsjMeasurementTimeSeries>('/data/measurement/time', {
        method: 'POST',
        body: { msjId: id, sensorType },
        signal,
      }),
    enabled,
  });
}

/** GET /analytics/concrete/data/maturity/extremities: the job's lowest and highest temperature reading. */
export function useMaturityExtremities(id: number, enabled = true) {
  return useQuery({
    queryKey: mkey(id, 'extremities'),
    queryFn: ({ signal }) =>
      apiFetch<MsjExtremity[]>('/analytics/concrete/data/maturity/extremities', {
        signal,
        query: { msjId: id },
      }),
    enabled,
  });
}

/** GET /data/warehouse/measurement/average/by_job: count, average, min and max of each sensor over the job. */
export function useSensorStats(id: number, enabled = true) {
  return useQuery({
    queryKey: mkey(id, 'stats'),
    queryFn: ({ signal }) =>
      apiFetch<SensorStats[]>('/data/warehouse/measurement/average/by_job', { signal, query: { jobId: id } }),
    enabled,
  });
}

// ---------------------------------------------------------------- microweather jobs

/** GET .../microweather/node/jobs/details/{id}: latest data per sensor type, sensors, battery and signal. */
export function useMicroweatherJob(id: number) {
  return useQuery({
    queryKey: ckey(id, 'details'),
    queryFn: ({ signal }) =>
      apiFetch<MicroweatherJobDetail>(`${MICROWEATHER_JOBS}/details/${id}`, { signal }),
  });
}

/** POST /data/warehouse/measurement/time/by_job: every sensor of the job over its time. */
export function useMicroweatherTime(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ckey(id, 'time'),
    queryFn: ({ signal }) =>
      apiFetch<SeriesResponse>('/data/warehouse/measurement/time/by_job', {
        method: 'POST',
        body: { jobId: id },
        signal,
      }),
    enabled,
  });
}

/** GET .../average/by_job: average, min and max per sensor type over the job's time. */
export function useMicroweatherAverages(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ckey(id, 'averages'),
    queryFn: ({ signal }) =>
      apiFetch<MeasurementAverage[]>(`${MICROWEATHER_JOBS}/average/by_job`, { signal, query: { jobId: id } }),
    enabled,
  });
}

/** GET .../extremities/by_job: the lowest and highest reading per sensor type, with sensor and time. */
export function useMicroweatherExtremities(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ckey(id, 'extremities'),
    queryFn: ({ signal }) =>
      apiFetch<MeasurementExtremity[]>(`${MICROWEATHER_JOBS}/extremities/by_job`, {
        signal,
        query: { jobId: id },
      }),
    enabled,
  });
}

// ---------------------------------------------------------------- concrete profiles

/** GET /concrete/conprofiles/by_company: the company's concrete profiles. */
export function useConcreteProfiles(enabled: boolean) {
  const { companyId } = currentIdentity();
  return useQuery({
    queryKey: queryKeys.profiles.byCompany(companyId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<ConcreteProfile[]>('/concrete/conprofiles/by_company', { signal, query: { companyId } }),
    enabled: enabled && companyId !== null,
  });
}

// ---------------------------------------------------------------- alarms

/**
 * The thresholds of a job: GET /alarms/by_msj/{id} for maturity and humidity jobs, /alarms/by_cj/{id}
 * for microweather jobs.
 */
export function useJobAlarms(job: JobRef, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.jobs.jobPage(job.family, job.id, 'alarms'),
    queryFn: ({ signal }) =>
      apiFetch<Alarm[]>(`/alarms/${job.family === 'maturity' ? 'by_msj' : 'by_cj'}/${job.id}`, { signal }),
    enabled,
  });
}

// ---------------------------------------------------------------- changes

/** Which job a change touches: its family (for the cache) and its job site (for the site-wide lists). */
export interface JobRef {
  family: 'maturity' | 'channel';
  id: number;
  tenantGroupId: number;
}

function useRefreshJob(job: JobRef) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({
        queryKey:
          job.family === 'maturity' ? queryKeys.jobs.maturity(job.id) : queryKeys.jobs.channel(job.id),
      }),
      client.invalidateQueries({ queryKey: queryKeys.jobs.site(job.tenantGroupId) }),
    ]);
}

/**
 * Start or stop a job: POST .../maturity/jobs/cmd/{start|stop} for maturity and humidity jobs,
 * /analytics/channel/jobs/cmd/{start|stop} for microweather jobs.
 */
export function useJobCommand(job: JobRef) {
  const refresh = useRefreshJob(job);
  return useMutation({
    mutationFn: (command: 'start' | 'stop') =>
      apiFetch<ChannelJob>(
        `${job.family === 'maturity' ? MATURITY_JOBS : '/analytics/channel/jobs'}/cmd/${command}`,
        { method: 'POST', body: { id: job.id } },
      ),
    onSuccess: refresh,
  });
}

/** POST .../maturity/jobs/cmd/assign_profile: the concrete profile of a maturity job. */
export function useAssignProfile(job: JobRef) {
  const refresh = useRefreshJob(job);
  return useMutation({
    mutationFn: (concreteProfileId: number) =>
      apiFetch<ChannelJob>(`${MATURITY_JOBS}/cmd/assign_profile`, {
        method: 'POST',
        body: { id: job.id, concreteProfileId },
      }),
    onSuccess: refresh,
  });
}

/** POST .../maturity/jobs/blacklist/sensors: takes a sensor out of the job's figures (or back in). */
export function useBlacklistSensor(job: JobRef) {
  const refresh = useRefreshJob(job);
  return useMutation({
    mutationFn: ({ sensorId, blacklisted }: { sensorId: number; blacklisted: boolean }) =>
      apiFetch<ChannelSensor[]>(`${MATURITY_JOBS}/blacklist/sensors`, {
        method: 'POST',
        body: { id: job.id, sensorIds: [sensorId], blacklisted },
      }),
    onSuccess: refresh,
  });
}

/**
 * What the threshold dialog saves: the strength target as typed, in the writer's unit (PUT .../targets/{id}
 * with the job's further targets as they are, so it reads back in that unit), and the thresholds for
 * POST /alarms, in metric units.
 */
export interface AlarmChanges {
  targets?: JobTargetsBody;
  alarms: AlarmDataInput[];
}

/** Saves AlarmChanges: the target first, then each threshold (POST /alarms), one after another. */
export function useSaveAlarms(job: JobRef) {
  const refresh = useRefreshJob(job);
  return useMutation({
    mutationFn: async ({ targets, alarms }: AlarmChanges) => {
      if (targets)
        await apiFetch<JobTarget[]>(`${MATURITY_JOBS}/targets/${job.id}`, { method: 'PUT', body: targets });
      for (const alarmData of alarms)
        await apiFetch<Alarm>('/alarms', { method: 'POST', body: { alarmData } });
    },
    onSettled: refresh,
  });
}
