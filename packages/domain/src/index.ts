/**
 * @sitepulse/domain: every pure rule of the Sitepulse specification. No I/O, no dependencies;
 * imported by the server and the web app so both apply the rules the same way.
 */
export * from './alarm-life.ts';
export * from './alarms.ts';
export * from './battery.ts';
export * from './constants.ts';
export * from './display.ts';
export * from './forecast.ts';
export * from './forecast-text.ts';
export * from './job-groups.ts';
export * from './job-list.ts';
export * from './job-page.ts';
export * from './jobs.ts';
export * from './links.ts';
export * from './maturity.ts';
export * from './messages.ts';
export * from './names.ts';
export * from './node-cards.ts';
export * from './people.ts';
export * from './portfolio.ts';
export * from './progress.ts';
export * from './reports.ts';
export * from './roles.ts';
export * from './routes.ts';
export * from './sensors.ts';
export * from './session.ts';
export * from './signal.ts';
export * from './smoothing.ts';
export * from './status.ts';
export * from './targets.ts';
export * from './time.ts';
export * from './time-text.ts';
export * from './time-zones.ts';
export * from './units.ts';
export * from './validation.ts';
