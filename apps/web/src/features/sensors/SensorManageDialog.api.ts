/**
 * The calls of the sensor manage dialog (issue 16): a node's sensors with their alias and state, and the
 * three writes of spec section 4 ("A sensor can be decommissioned or blacklisted") and the alias.
 */
import type { ChannelSensor } from '@sitepulse/contracts';
import { normalizeSensorAlias } from '@sitepulse/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { recordUsageEvent } from '../../api/usage.ts';

/** GET /channels/sensors/list/by_nid/{id}: every sensor of a node, counted or not. */
export function useNodeSensors(jobId: number, nodeId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.jobs.sensorPage(jobId, 'nodeSensors', nodeId),
    queryFn: ({ signal }) => apiFetch<ChannelSensor[]>(`/channels/sensors/list/by_nid/${nodeId}`, { signal }),
    enabled,
  });
}

/** What the dialog changes of one sensor. */
export interface SensorChange {
  sensorId: number;
  alias?: string | null;
  decommissioned?: boolean;
  blacklisted?: boolean;
}

/** The changes of one sensor against what it is now (only what differs). */
export function changeOf(
  sensor: ChannelSensor,
  draft: { alias: string; decommissioned: boolean; blacklisted: boolean },
): SensorChange | null {
  const change: SensorChange = { sensorId: sensor.id };
  const alias = normalizeSensorAlias(draft.alias);
  if (alias !== normalizeSensorAlias(sensor.sensorAlias)) change.alias = alias;
  if (draft.decommissioned !== sensor.decommissioned) change.decommissioned = draft.decommissioned;
  if (draft.blacklisted !== sensor.blacklisted) change.blacklisted = draft.blacklisted;
  return Object.keys(change).length > 1 ? change : null;
}

/**
 * Sends the changes, one call per changed field, in order; stops at the first refusal (its error is
 * thrown: what was sent before it is kept). Reads the site's and the job's screens again afterwards.
 */
export function useSaveSensorChanges() {
  const client = useQueryClient();
  return async (changes: SensorChange[]): Promise<void> => {
    try {
      for (const c of changes) {
        if (c.alias !== undefined) {
          await apiFetch('/channels/sensors/cmd/assign_alias', {
            method: 'PUT',
            body: { sensorId: c.sensorId, alias: c.alias },
          });
          recordUsageEvent('sensor_alias_changed');
        }
        if (c.decommissioned !== undefined) {
          await apiFetch('/channels/sensors/cmd/decommission', {
            method: 'PUT',
            body: { sensorId: c.sensorId, decommissioned: c.decommissioned },
          });
          recordUsageEvent(c.decommissioned ? 'sensor_decommissioned' : 'sensor_recommissioned');
        }
        if (c.blacklisted !== undefined) {
          await apiFetch('/channels/sensors/cmd/blacklist', {
            method: 'PUT',
            body: { sensorId: c.sensorId, blacklisted: c.blacklisted },
          });
          recordUsageEvent(c.blacklisted ? 'sensor_blacklisted' : 'sensor_unblacklisted');
        }
      }
    } finally {
      // A sensor counted or not changes its jobs' figures anywhere: every job screen reads again.
      await client.invalidateQueries({ queryKey: queryKeys.jobs.all });
    }
  };
}
