import { DRAWER_TOOLTIP_MIN_LENGTH } from './constants.ts';

/**
 * Display name of a project (section 2): a project named 'Default' shows as 'Job Site
 * Sensors' when its type is Lumimon, otherwise as 'Concrete Sensors'. Other names unchanged.
 */
export function projectDisplayName(project: { name?: string | null; type?: string | null }): string {
  const name = project.name ?? '';
  if (name !== 'Default') return name;
  return project.type === 'Lumimon' ? 'Job Site Sensors' : 'Concrete Sensors';
}

function nonEmpty(v: string | null | undefined): v is string {
  return typeof v === 'string' && v.trim() !== '';
}

/** Display name of a sensor (section 3): its alias when it has one, otherwise 'Sensor {id}'. */
export function sensorDisplayName(sensor: {
  sensorId?: string | number | null;
  sensorAlias?: string | null;
}): string {
  return nonEmpty(sensor.sensorAlias) ? sensor.sensorAlias : `Sensor ${sensor.sensorId ?? ''}`.trimEnd();
}

/**
 * The position of each sensor among the sensors of its type on one node (our rule for a sensor without an
 * alias, docs/decisions/web-polish.md): 1, 2, ... in sensor id order, or null when it is the only sensor of
 * its type, whose type alone names it ('Temperature', 'Temperature 2'; the spec's 'Sensor {id}' stays
 * beside it).
 */
export function sensorOrdinals(
  sensors: readonly { sensorId: string | number; sensorType: string }[],
): Map<string, number | null> {
  const byType = new Map<string, string[]>();
  for (const s of sensors) {
    const ids = byType.get(s.sensorType) ?? [];
    const id = String(s.sensorId);
    if (!ids.includes(id)) ids.push(id);
    byType.set(s.sensorType, ids);
  }
  const out = new Map<string, number | null>();
  for (const ids of byType.values()) {
    const ordered = [...ids].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
    ordered.forEach((id, i) => {
      out.set(id, ordered.length > 1 ? i + 1 : null);
    });
  }
  return out;
}

/**
 * Display name of a cable (section 3, "cable jobs show derived display names"; the rule is
 * ours): its name when it has one, otherwise 'Cable {id}'.
 */
export function cableDisplayName(cable: {
  cableId?: string | number | null;
  cableName?: string | null;
}): string {
  return nonEmpty(cable.cableName) ? cable.cableName : `Cable ${cable.cableId ?? ''}`.trimEnd();
}

/**
 * Display name of a cable job (our rule): the job's channelJobName when set, otherwise the
 * cable's display name followed by ' - Ch {channelId}' so two channels of one cable differ.
 */
export function cableJobDisplayName(job: {
  channelJobName?: string | null;
  cableId?: string | number | null;
  cableName?: string | null;
  channelId?: string | number | null;
}): string {
  if (nonEmpty(job.channelJobName)) return job.channelJobName;
  const cable = cableDisplayName(job);
  return job.channelId === null || job.channelId === undefined || job.channelId === ''
    ? cable
    : `${cable} - Ch ${job.channelId}`;
}

/**
 * Display name of a cable's node (our rule): its alias when set, otherwise 'Node ' and the
 * node id's first 8 characters, the same short form as Lumitrack nodes (section 2).
 */
export function cableNodeDisplayName(node: { nodeId?: string | null; nodeAlias?: string | null }): string {
  if (nonEmpty(node.nodeAlias)) return node.nodeAlias;
  return `Node ${shortNodeId(node.nodeId)}`.trimEnd();
}

/** Characters of a Lumitrack node id that are shown (section 2). */
export const NODE_ID_SHOWN_LENGTH = 8;

/** A Lumitrack node id shown with its first 8 characters (section 2). */
export function shortNodeId(nodeId: string | null | undefined): string {
  return (nodeId ?? '').slice(0, NODE_ID_SHOWN_LENGTH);
}

/** Readings a node card shows: 1 for gas nodes, 3 for weather nodes (section 2). */
export const NODE_CARD_READINGS = { gas: 1, weather: 3 } as const;
export type NodeCardKind = keyof typeof NODE_CARD_READINGS;

/** Number of readings on a node card (section 2). */
export function nodeCardReadingCount(kind: NodeCardKind): number {
  return NODE_CARD_READINGS[kind];
}

/** Whether a drawer name gets a tooltip: names longer than 16 characters (section 2). */
export function needsDrawerTooltip(name: string | null | undefined): boolean {
  return (name ?? '').length > DRAWER_TOOLTIP_MIN_LENGTH;
}
