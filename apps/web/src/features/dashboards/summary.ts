import type { MaturityJob, Tenant } from '@sitepulse/contracts';
import {
  countByLabel,
  isArchived,
  isHumidityJob,
  jobAlarmBadges,
  listedJobStatusLabel,
  type PourReadiness,
  pourReadiness,
  sortPoursByUrgency,
} from '@sitepulse/domain';

/** The figures at the top of a dashboard. */
export interface DashboardTiles {
  reached: number;
  curing: number;
  alarms: number;
  stopped: number;
}

/** One project's part of a dashboard. */
export interface ProjectSummary {
  project: Tenant;
  jobs: MaturityJob[];
  /** Jobs per status label (section 4), labels without jobs left out. */
  byLabel: Partial<Record<string, number>>;
  /** The pours that need a look first (domain sortPoursByUrgency), stopped jobs left out. */
  urgent: MaturityJob[];
}

export interface DashboardSummary {
  tiles: DashboardTiles;
  /** The pours of the dashboard's projects that are not stopped, most urgent first. */
  pours: MaturityJob[];
  /** Moisture (humidity) jobs that are not stopped. */
  moisture: MaturityJob[];
  projects: ProjectSummary[];
}

/** Pours a project summary lists. */
export const URGENT_PER_PROJECT = 3;

/** What a pour shows on the dashboards: its readiness, or ERROR / ALARM when that matters more. */
export type PourVerdict = PourReadiness | 'ERROR' | 'ALARM';

export function pourVerdict(job: MaturityJob): PourVerdict {
  const badges = jobAlarmBadges(job);
  if (badges.includes('ERROR')) return 'ERROR';
  if (badges.includes('THRESHOLD')) return 'ALARM';
  return pourReadiness(job);
}

/**
 * The dashboard of a set of projects: the Concrete projects that are not archived (the maturity
 * module's), each with its jobs by status and its most urgent pours; the site's live pours (maturity
 * jobs not stopped) most urgent first; moisture jobs apart; and the tiles: pours that reached their
 * target, pours curing, jobs in error or alarm, stopped jobs.
 */
export function dashboardSummary(
  jobs: readonly MaturityJob[],
  projects: readonly Tenant[],
): DashboardSummary {
  const shown = projects.filter((p) => p.type === 'Concrete' && !isArchived(p));
  const ids = new Set(shown.map((p) => p.id));
  const mine = jobs.filter((j) => ids.has(j.tenant));
  const live = mine.filter((j) => j.status !== 'TERMINATED');
  const pours = sortPoursByUrgency(live.filter((j) => !isHumidityJob(j)));
  const verdicts = pours.map(pourVerdict);
  const tiles: DashboardTiles = {
    reached: verdicts.filter((v) => v === 'REACHED').length,
    curing: verdicts.filter((v) => v === 'CURING').length,
    alarms: live.filter((j) => jobAlarmBadges(j).some((b) => b === 'ERROR' || b === 'THRESHOLD')).length,
    stopped: mine.length - live.length,
  };
  const summaries = shown.map((project): ProjectSummary => {
    const own = mine.filter((j) => j.tenant === project.id);
    return {
      project,
      jobs: own,
      byLabel: countByLabel(own, listedJobStatusLabel),
      urgent: pours.filter((j) => j.tenant === project.id).slice(0, URGENT_PER_PROJECT),
    };
  });
  return {
    tiles,
    pours,
    moisture: live.filter((j) => isHumidityJob(j)),
    projects: summaries,
  };
}
