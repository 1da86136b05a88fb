import type { ServiceDeps } from '../../service-deps.ts';
import { createDataJobs } from './data-jobs.ts';
import { createKit } from './kit.ts';
import { createMicroweather } from './microweather.ts';
import { createWarehouse } from './warehouse.ts';

/**
 * Microweather, data jobs, the data warehouse and node data (spec section 7). Every read is scoped
 * to the caller's company and granted job sites (see access.ts). `kit` holds the shared scoping and
 * reads the GPS, nodes and exports modules build on.
 */
export function createMeasurementsService(deps: ServiceDeps) {
  const kit = createKit(deps);
  return {
    kit,
    microweather: createMicroweather(kit),
    dataJobs: createDataJobs(kit),
    warehouse: createWarehouse(kit),
  };
}
export type MeasurementsService = ReturnType<typeof createMeasurementsService>;
