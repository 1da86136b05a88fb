/**
 * Search and sort of the project job list (issue 13): pure, over every job of the project the list
 * loaded. Choices: docs/decisions/web-forecast-lists.md.
 */
import type { MaturityJob } from '@sitepulse/contracts';
import { cableJobDisplayName, compareReadyNext, toEpochMs } from '@sitepulse/domain';
import type { ForecastsByJob } from './api.ts';

/** The orders the list offers; the first is the default. */
export const JOB_SORTS = ['start', 'name', 'strength', 'expected'] as const;
export type JobSort = (typeof JOB_SORTS)[number];

/** A sort named in the address, else the default (start date). */
export function readJobSort(value: string | null | undefined): JobSort {
  return (JOB_SORTS as readonly string[]).includes(value ?? '') ? (value as JobSort) : 'start';
}

/** Lower case without accents, so 'losa' finds 'Losa' and 'nodo' finds 'Nodo'. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** What a search looks in: the job's name, its cable's name and id, its node's name and id. */
export function searchText(job: MaturityJob): string {
  return fold(
    [
      cableJobDisplayName({
        channelJobName: job.channelJobName,
        cableId: job.cableId,
        cableName: job.cableName,
      }),
      job.channelJobName,
      job.cableName ?? '',
      job.cableId ?? '',
      job.nodeName ?? '',
      job.nodeId,
    ].join(' '),
  );
}

/**
 * The jobs a search names: every word of the query (spaces apart, case and accents ignored) found in
 * the job's name, cable name or id, or node name or id. An empty query keeps every job.
 */
export function searchJobs(jobs: readonly MaturityJob[], query: string): MaturityJob[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...jobs];
  return jobs.filter((job) => {
    const text = searchText(job);
    return words.every((w) => text.includes(w));
  });
}

/** When a job started; a job not started yet counts as the newest. */
function startOf(job: MaturityJob): number {
  return toEpochMs(job.startDate ?? null) ?? Number.POSITIVE_INFINITY;
}

/** Humidity jobs have no strength: they sort after every pour. */
function strengthOf(job: MaturityJob): number {
  return job.kind === 'HUMIDITY' || job.targetStrength === null
    ? Number.NEGATIVE_INFINITY
    : job.progressBarValue;
}

/**
 * The jobs in the order asked, ties kept in the order given (the server's, newest first):
 * - start: latest start first, jobs not started yet before them;
 * - name: A to Z in the reader's language, numbers in number order (Pour 2 before Pour 10);
 * - strength: highest percentage of the target first, jobs without a target or strength last;
 * - expected: ready next (domain compareReadyNext: reached, then soonest expected, then no forecast).
 */
export function sortJobs(
  jobs: readonly MaturityJob[],
  sort: JobSort,
  { forecasts, language = 'en' }: { forecasts?: ForecastsByJob; language?: string } = {},
): MaturityJob[] {
  const list = [...jobs];
  switch (sort) {
    case 'name': {
      const collator = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
      return list.sort((a, b) => collator.compare(a.channelJobName, b.channelJobName));
    }
    case 'strength':
      return list.sort((a, b) => {
        const sa = strengthOf(a);
        const sb = strengthOf(b);
        return sa === sb ? 0 : sb > sa ? 1 : -1;
      });
    case 'expected':
      return list.sort((a, b) => compareReadyNext(forecasts?.get(a.id), forecasts?.get(b.id)));
    default:
      return list.sort((a, b) => {
        const sa = startOf(a);
        const sb = startOf(b);
        return sa === sb ? 0 : sb > sa ? 1 : -1;
      });
  }
}
