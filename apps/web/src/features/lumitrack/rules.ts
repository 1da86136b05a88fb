/**
 * The Lumitrack screens' rules (spec sections 2, 4; docs/decisions/lumitrack-screens.md): who may change a
 * project's IDs, how a GPS node is shown and which nodes may be given, the search by ID, the answers of a fill
 * form, and where the server's refusal of a fill belongs.
 */
import type { ChecklistItem, LumitrackId, NodeInfo, UserDetail } from '@sitepulse/contracts';
import {
  type ChecklistAnswerValue,
  canEditJobSite,
  gpsNodeRefusal,
  LUMITRACK_PROJECT_TYPE,
  nodeIdShown,
} from '@sitepulse/domain';
import { ApiError } from '../../api/client.ts';
import type { TFunction } from '../../i18n/index.ts';

/**
 * Whether the user may change the IDs of a project on this job site (make, add, delete, give a GPS node, fill
 * a checklist): an admin or editor of the site, or a company admin; never a Read-Only account. The server
 * says the same (an ID in a project is changed by those who may change its site; making IDs needs a site
 * with a Lumitrack project, which this one is).
 */
export function canChangeSite(user: UserDetail | undefined, jobsiteId: number): boolean {
  if (!user) return false;
  const access = user.userTenantGroupData?.find((g) => g.tenantGroupId === jobsiteId)?.access;
  return canEditJobSite(access, user.accountType);
}

/** A GPS node as the screens show it: a Lumitrack node with its first 8 characters (section 2). */
export const gpsNodeText = (node: { id: number } | null | undefined): string =>
  node ? nodeIdShown(node.id, LUMITRACK_PROJECT_TYPE) : '';

/**
 * The nodes an ID may be given (section 4): of type GPS, with no cable and no project, and not tracking
 * another ID of the list (`tracked`); the ID's own node stays in the list.
 */
export function eligibleGpsNodes(
  nodes: readonly NodeInfo[],
  tracked: ReadonlySet<number>,
  own: number | null,
): NodeInfo[] {
  return nodes.filter(
    (n) =>
      gpsNodeRefusal({ nodeType: n.nodeType, cableId: n.cableId, tenantId: n.tenantId }) === null &&
      (n.id === own || !tracked.has(n.id)),
  );
}

/** Letters and digits of an ID, upper case: 'lt-7k3m' and 'LT7K3M' find LT-7K3M-Q9XP. */
const squeeze = (text: string) => text.toUpperCase().replace(/[^0-9A-Z]/g, '');

/** The IDs whose ID holds the search (case and hyphens ignored); all of them for an empty search. */
export function searchIds<T extends Pick<LumitrackId, 'lumitrackId'>>(ids: readonly T[], query: string): T[] {
  const q = squeeze(query);
  return q ? ids.filter((i) => squeeze(i.lumitrackId).includes(q)) : [...ids];
}

/** The words a refused or failed Lumitrack call shows: the server's own for a 400/409, 403 and 404 explained. */
export function lumitrackErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 400 || error.status === 409)
      return t('lumitrack.errors.rejected', { message: error.message });
    if (error.status === 403) return t('lumitrack.errors.forbidden');
    if (error.status === 404) return t('lumitrack.errors.notFound', { message: error.message });
    if (error.message) return t('lumitrack.errors.failedWith', { message: error.message });
  }
  return t('lumitrack.errors.failed');
}

// ---------------------------------------------------------------- the fill form

/** What the fill form holds for an item: CHECK 'pass' / 'fail' / '', NUMBER and TEXT the text typed, PHOTO a file. */
export type AnswerInput = string | File | null;

/** The answers the server takes from the form's values (empty ones left out); photos as their uploaded ids. */
export function answersOf(
  items: readonly ChecklistItem[],
  values: Record<string, AnswerInput>,
  photoIds: Record<string, string>,
): { key: string; value: ChecklistAnswerValue }[] {
  const out: { key: string; value: ChecklistAnswerValue }[] = [];
  for (const item of items) {
    const v = values[item.key];
    if (item.kind === 'PHOTO') {
      if (photoIds[item.key]) out.push({ key: item.key, value: photoIds[item.key] });
      continue;
    }
    if (typeof v !== 'string' || v.trim() === '') continue;
    if (item.kind === 'CHECK') out.push({ key: item.key, value: v === 'pass' });
    else if (item.kind === 'NUMBER') out.push({ key: item.key, value: Number(v.trim().replace(',', '.')) });
    else out.push({ key: item.key, value: v.trim() });
  }
  return out;
}

/**
 * The item a server refusal of a fill names ("Item 'slump' (Slump) 251 is out of bounds...", "Item 'photo'
 * (Photo): photo ... is not one of your photos"): its key, or null when it names none of the template's.
 */
export function itemOfRefusal(message: string, items: readonly Pick<ChecklistItem, 'key'>[]): string | null {
  const m = /Item '([a-z][a-z0-9_]*)'/.exec(message);
  return m && items.some((i) => i.key === m[1]) ? m[1] : null;
}
