import type { Language, ReportType, UnitSystem } from '@sitepulse/domain';

/** The differential report types this folder makes. */
export type DifferentialReportType = Extract<
  ReportType,
  | 'MATURITY_STRENGTH_JOB_DIFFERENTIAL'
  | 'MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL'
  | 'T_DIFF_PAIR_GROUP_REPORT'
>;

/** The words of the differential reports, in the requester's language. */
export interface DifferentialText {
  title: Record<DifferentialReportType, string>;
  jobSite: string;
  project: string;
  job: string;
  jobGroup: string;
  jobs: string;
  sensorsChosen: string;
  period: string;
  units: string;
  unitSystems: Record<UnitSystem, string>;
  timeZone: string;
  reportDate: string;
  requestedBy: string;
  limit: string;
  limitValue: (value: string, isDefault: boolean) => string;
  pairsCount: string;
  pairing: string;
  pairingChosen: string;
  /** the pairs stored on the job (or the group's jobs) */
  pairingStored: string;
  pairingDefault: string;

  summary: string;
  pair: string;
  pairTitle: (n: number, a: string, b: string) => string;
  sensor1: string;
  sensor2: string;
  maxDifference: string;
  when: string;
  warmer: string;
  timeAbove: string;
  periods: string;
  noPairData: string;

  time: (zone: string) => string;
  difference: string;
  differenceOf: (a: string, b: string) => string;
  noDifference: string;
  largest: (value: string, at: string, warmer: string) => string;
  aboveFor: (hours: string, limit: string, n: number) => string;
  neverAbove: (limit: string) => string;
  exceeded: string;
  start: string;
  end: string;
  duration: string;
  peak: string;
  hours: (h: string) => string;
  untilEnd: string;
  note: (bucket: string) => string;

  disclaimerTitle: string;
  disclaimer: string;
  page: (n: number, of: number) => string;

  /** reasons a report could not be made (shown as they are on the report list) */
  noJob: string;
  noGroup: string;
  noPairs: string;
  jobNotFound: (id: number) => string;
  notMaturity: (id: number) => string;
  notStarted: (name: string) => string;
  outsideRange: (name: string) => string;
  groupNotFound: (id: number) => string;
  groupWithoutJobs: (id: number) => string;
  sensorNotFound: (id: number) => string;
  nodeNotFound: (id: number) => string;
  notTemperature: (name: string, id: number) => string;
  nodeWithoutTemperature: (id: number) => string;
  sensorNotOfJob: (id: number, job: string) => string;
  sensorNotOfGroup: (id: number, group: string) => string;
  nodeNotOfJob: (id: number, job: string) => string;
  nodeNotOfGroup: (id: number, group: string) => string;
  sameSensor: (n: number, name: string) => string;
  tooFewSensors: string;
}

const EN: DifferentialText = {
  title: {
    MATURITY_STRENGTH_JOB_DIFFERENTIAL: 'Temperature differential report: job',
    MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL: 'Temperature differential report: job group',
    T_DIFF_PAIR_GROUP_REPORT: 'Temperature differential report: sensor pairs',
  },
  jobSite: 'Job site',
  project: 'Project',
  job: 'Job',
  jobGroup: 'Job group',
  jobs: 'Jobs',
  sensorsChosen: 'Sensors',
  period: 'Period',
  units: 'Units',
  unitSystems: { Metric: 'Metric (MPa, °C)', Imperial: 'Imperial (psi, °F)' },
  timeZone: 'Time zone',
  reportDate: 'Report date',
  requestedBy: 'Requested by',
  limit: 'Limit',
  limitValue: (value, isDefault) => (isDefault ? `${value} (ACI 301 practice)` : value),
  pairsCount: 'Pairs',
  pairing: 'Pairing',
  pairingChosen: 'as requested',
  pairingStored: "the job's stored pairs",
  pairingDefault: 'each counted sensor with the coolest one (lowest average in the period)',

  summary: 'Summary of all pairs',
  pair: 'Pair',
  pairTitle: (n, a, b) => `Pair ${n}: ${a} and ${b}`,
  sensor1: 'Sensor 1',
  sensor2: 'Sensor 2',
  maxDifference: 'Max difference',
  when: 'When',
  warmer: 'Warmer',
  timeAbove: 'Time above limit',
  periods: 'Periods above',
  noPairData: 'no common readings',

  time: (zone) => `Time (${zone})`,
  difference: 'Difference',
  differenceOf: (a, b) => `Difference |${a} - ${b}|`,
  noDifference: 'The two sensors have no readings at the same time in this period.',
  largest: (value, at, warmer) => `Largest difference: ${value}, ${at} (${warmer} warmer).`,
  aboveFor: (hours, limit, n) =>
    `Above the limit of ${limit} for ${hours} h in this period, in ${n} ${n === 1 ? 'period' : 'periods'}.`,
  neverAbove: (limit) => `Never above the limit of ${limit} in this period.`,
  exceeded: 'Periods above the limit',
  start: 'Start',
  end: 'End',
  duration: 'Duration',
  peak: 'Peak (when)',
  hours: (h) => `${h} h`,
  untilEnd: '(readings end)',
  note: (bucket) =>
    `Compared on the average of each sensor per ${bucket}; a sensor's reading stands until its next one (up to 2 h apart). A period above the limit ends at the first comparison back within it.`,

  disclaimerTitle: 'About these figures',
  disclaimer:
    'Temperature differences are computed from the sensors as placed and read; they do not replace the ' +
    'judgement of the engineer of record on thermal cracking risk and curing measures.',
  page: (n, of) => `Page ${n} of ${of}`,

  noJob: 'The request names no maturity job.',
  noGroup: 'The request names no job group.',
  noPairs: 'The request names no pairs of sensors or nodes.',
  jobNotFound: (id) => `Maturity job ${id} was not found, or the report's owner may no longer see it.`,
  notMaturity: (id) => `Job ${id} is not a maturity job: it has no concrete temperatures to compare.`,
  notStarted: (name) => `The job "${name}" has not started: there is no data to report yet.`,
  outsideRange: (name) => `"${name}" did not run during the chosen period.`,
  groupNotFound: (id) => `Job group ${id} was not found, or the report's owner may no longer see it.`,
  groupWithoutJobs: (id) => `Job group ${id} has no maturity job that has started.`,
  sensorNotFound: (id) =>
    `Sensor ${id} was not found on this job site, or the report's owner may no longer see it.`,
  nodeNotFound: (id) =>
    `Node ${id} was not found on this job site, or the report's owner may no longer see it.`,
  notTemperature: (name, id) =>
    `Sensor ${name} (${id}) is not a temperature sensor: it has no temperature difference to show.`,
  nodeWithoutTemperature: (id) => `Node ${id} has no temperature sensor in use.`,
  sensorNotOfJob: (id, job) => `Sensor ${id} is not a sensor of the job "${job}".`,
  sensorNotOfGroup: (id, group) => `Sensor ${id} is not a sensor of the jobs of the group "${group}".`,
  nodeNotOfJob: (id, job) => `Node ${id} is not the node of the job "${job}".`,
  nodeNotOfGroup: (id, group) => `Node ${id} is not the node of a job of the group "${group}".`,
  sameSensor: (n, name) => `Pair ${n} compares ${name} with itself.`,
  tooFewSensors: 'Fewer than two counted temperature sensors: there is no pair to compare.',
};

const ES: DifferentialText = {
  title: {
    MATURITY_STRENGTH_JOB_DIFFERENTIAL: 'Informe de diferencial de temperatura: trabajo',
    MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL: 'Informe de diferencial de temperatura: grupo de trabajos',
    T_DIFF_PAIR_GROUP_REPORT: 'Informe de diferencial de temperatura: pares de sensores',
  },
  jobSite: 'Obra',
  project: 'Proyecto',
  job: 'Trabajo',
  jobGroup: 'Grupo de trabajos',
  jobs: 'Trabajos',
  sensorsChosen: 'Sensores',
  period: 'Período',
  units: 'Unidades',
  unitSystems: { Metric: 'Métrico (MPa, °C)', Imperial: 'Imperial (psi, °F)' },
  timeZone: 'Zona horaria',
  reportDate: 'Fecha del informe',
  requestedBy: 'Solicitado por',
  limit: 'Límite',
  limitValue: (value, isDefault) => (isDefault ? `${value} (práctica ACI 301)` : value),
  pairsCount: 'Pares',
  pairing: 'Emparejamiento',
  pairingChosen: 'según la solicitud',
  pairingStored: 'los pares guardados del trabajo',
  pairingDefault: 'cada sensor contado con el más frío (menor promedio en el período)',

  summary: 'Resumen de todos los pares',
  pair: 'Par',
  pairTitle: (n, a, b) => `Par ${n}: ${a} y ${b}`,
  sensor1: 'Sensor 1',
  sensor2: 'Sensor 2',
  maxDifference: 'Diferencia máx.',
  when: 'Cuándo',
  warmer: 'Más cálido',
  timeAbove: 'Tiempo sobre el límite',
  periods: 'Períodos sobre',
  noPairData: 'sin lecturas comunes',

  time: (zone) => `Hora (${zone})`,
  difference: 'Diferencia',
  differenceOf: (a, b) => `Diferencia |${a} - ${b}|`,
  noDifference: 'Los dos sensores no tienen lecturas al mismo tiempo en este período.',
  largest: (value, at, warmer) => `Mayor diferencia: ${value}, ${at} (${warmer} más cálido).`,
  aboveFor: (hours, limit, n) =>
    `Por encima del límite de ${limit} durante ${hours} h en este período, en ${n} ${n === 1 ? 'período' : 'períodos'}.`,
  neverAbove: (limit) => `Nunca por encima del límite de ${limit} en este período.`,
  exceeded: 'Períodos por encima del límite',
  start: 'Inicio',
  end: 'Fin',
  duration: 'Duración',
  peak: 'Pico (cuándo)',
  hours: (h) => `${h} h`,
  untilEnd: '(fin de las lecturas)',
  note: (bucket) =>
    `Comparado sobre el promedio de cada sensor por ${bucket}; la lectura de un sensor vale hasta la siguiente (hasta 2 h). Un período sobre el límite termina en la primera comparación que vuelve a estar dentro.`,

  disclaimerTitle: 'Sobre estas cifras',
  disclaimer:
    'Las diferencias de temperatura se calculan con los sensores tal como se colocaron y leyeron; no ' +
    'reemplazan el criterio del ingeniero responsable sobre el riesgo de fisuración térmica y el curado.',
  page: (n, of) => `Página ${n} de ${of}`,

  noJob: 'La solicitud no indica ningún trabajo de madurez.',
  noGroup: 'La solicitud no indica ningún grupo de trabajos.',
  noPairs: 'La solicitud no indica pares de sensores ni de nodos.',
  jobNotFound: (id) =>
    `No se encontró el trabajo de madurez ${id}, o el propietario del informe ya no puede verlo.`,
  notMaturity: (id) =>
    `El trabajo ${id} no es un trabajo de madurez: no tiene temperaturas de hormigón que comparar.`,
  notStarted: (name) => `El trabajo "${name}" no ha comenzado: aún no hay datos que informar.`,
  outsideRange: (name) => `"${name}" no estuvo en marcha durante el período elegido.`,
  groupNotFound: (id) =>
    `No se encontró el grupo de trabajos ${id}, o el propietario del informe ya no puede verlo.`,
  groupWithoutJobs: (id) => `El grupo de trabajos ${id} no tiene ningún trabajo de madurez comenzado.`,
  sensorNotFound: (id) =>
    `No se encontró el sensor ${id} en esta obra, o el propietario del informe ya no puede verlo.`,
  nodeNotFound: (id) =>
    `No se encontró el nodo ${id} en esta obra, o el propietario del informe ya no puede verlo.`,
  notTemperature: (name, id) =>
    `El sensor ${name} (${id}) no es un sensor de temperatura: no tiene diferencia de temperatura que mostrar.`,
  nodeWithoutTemperature: (id) => `El nodo ${id} no tiene ningún sensor de temperatura en uso.`,
  sensorNotOfJob: (id, job) => `El sensor ${id} no es un sensor del trabajo "${job}".`,
  sensorNotOfGroup: (id, group) => `El sensor ${id} no es un sensor de los trabajos del grupo "${group}".`,
  nodeNotOfJob: (id, job) => `El nodo ${id} no es el nodo del trabajo "${job}".`,
  nodeNotOfGroup: (id, group) => `El nodo ${id} no es el nodo de un trabajo del grupo "${group}".`,
  sameSensor: (n, name) => `El par ${n} compara ${name} consigo mismo.`,
  tooFewSensors: 'Hay menos de dos sensores de temperatura contados: no hay par que comparar.',
};

export function differentialText(language: Language | string | null | undefined): DifferentialText {
  return language === 'es' ? ES : EN;
}
