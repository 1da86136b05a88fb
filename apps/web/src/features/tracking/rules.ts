/**
 * The tracking screens' rules (issue 16; docs/decisions/material-tracking.md): what a scanned code names, where
 * each ID sits on the map, how recording a stage moves an element, who sees the buttons, and the words of a
 * refusal.
 */
import type { CurrentStage, MaterialStage, TrackedId, UserDetail } from '@sitepulse/contracts';
import {
  clampLatitude,
  hasReadOnlyRole,
  isAdminAccount,
  isReadOnlyAccount,
  isWriterAccess,
  normalizeLumitrackId,
  type StageMove,
  stageMove,
} from '@sitepulse/domain';
import { ApiError } from '../../api/client.ts';
import type { TFunction } from '../../i18n/index.ts';

/** An ID's label as it may appear inside a longer text (a link): LT, then two groups of four symbols. */
const ID_IN_TEXT = /\bLT-?[2-9A-HJ-NP-Z]{4}-?[2-9A-HJ-NP-Z]{4}\b/i;

/**
 * The Lumitrack ID a scanned code (or a typed text) names, in its stored form; null when it names none. A
 * label's code holds the ID itself; a longer text holding one ID (a link to it) names that ID.
 */
export function idFromScan(text: string | null | undefined): string | null {
  if (!text) return null;
  const whole = normalizeLumitrackId(text.trim());
  if (whole) return whole;
  const found = text.match(ID_IN_TEXT);
  return found ? normalizeLumitrackId(found[0]) : null;
}

/** A positioned ID on the map: its last fix, latitude clamped to ±85 (spec sections 3 and 9). */
export interface MapPoint {
  lumitrackId: string;
  lat: number;
  lng: number;
  item: TrackedId;
}

/** The IDs of a page that have a position, as map points. */
export function mapPoints(items: readonly TrackedId[]): MapPoint[] {
  return items.flatMap((item) =>
    item.location
      ? [
          {
            lumitrackId: item.lumitrackId,
            lat: clampLatitude(item.location.lat),
            lng: item.location.lng,
            item,
          },
        ]
      : [],
  );
}

/** How recording `stage` would move an element now at `current`. */
export const moveTo = (current: CurrentStage | null, stage: Pick<MaterialStage, 'position'>): StageMove =>
  stageMove(current ? current.position : null, stage.position);

/**
 * Whether to offer "Record a stage": a user who may change some job site (an admin or editor somewhere, or a
 * company admin), never a Read-Only account. The server judges each element (its site, or for an element in no
 * project the sites with a Lumitrack project) and says why when it refuses.
 */
export function mayRecord(user: UserDetail | undefined): boolean {
  if (!user || isReadOnlyAccount(user.accountType)) return false;
  return (
    isAdminAccount(user.accountType) || (user.userTenantGroupData ?? []).some((g) => isWriterAccess(g.access))
  );
}

/** Whether to offer changing the stages: a company admin, not read-only (the server's rule). */
export function mayManageStages(user: UserDetail | undefined): boolean {
  return (
    !!user &&
    isAdminAccount(user.accountType) &&
    !isReadOnlyAccount(user.accountType) &&
    !hasReadOnlyRole(user.roles)
  );
}

/** The words of a refused or failed call: the server's own for a 400/409, 403 and 404 explained. */
export function trackingErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 400 || error.status === 409)
      return t('tracking.errors.rejected', { message: error.message });
    if (error.status === 403) return t('tracking.errors.forbidden');
    if (error.status === 404) return t('tracking.errors.notFound');
  }
  return t('tracking.errors.failed');
}
