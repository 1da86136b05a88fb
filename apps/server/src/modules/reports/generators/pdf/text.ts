import type {
  ForecastState,
  JobTargetKind,
  Language,
  ReportType,
  SignoffDecision,
  UnitSystem,
} from '@sitepulse/domain';

/** The PDF report types this folder makes. */
export type PdfReportType = Extract<ReportType, 'CS_JOB_REPORT' | 'CS_POUR_REPORT' | 'T_POUR_REPORT'>;

/**
 * The words of the PDF reports, in the requester's language. Target kinds, decisions, forecast reasons
 * and the disclaimer are the job page's own words (apps/web/src/i18n/{en,es}/forecast.json,
 * signoffs.json, widgets.json), so a report reads like the screen it comes from.
 */
export interface PdfText {
  title: Record<PdfReportType, string>;
  company: string;
  jobSite: string;
  project: string;
  job: string;
  node: string;
  profile: string;
  period: string;
  wholeJob: string;
  units: string;
  unitSystems: Record<UnitSystem, string>;
  timeZone: string;
  reportDate: string;
  requestedBy: string;
  jobStatus: string;
  started: string;
  none: string;

  summary: string;
  strengthNow: string;
  maturityNow: string;
  temperatureNow: string;
  sensorsCounted: string;
  latestReading: string;
  outsideCalibration: string;
  coldest: string;
  warmest: string;

  strengthChart: string;
  maturityChart: string;
  temperatureChart: string;
  differentialChart: string;
  time: (zone: string) => string;
  strength: string;
  maturity: string;
  temperature: string;
  difference: string;
  jobAverage: string;
  eachSensor: (n: number) => string;
  forecast: string;
  forecastRange: string;
  limit: string;
  noData: string;
  excludedSensors: (n: number) => string;

  sensors: string;
  sensor: string;
  state: string;
  counted: string;
  blacklisted: string;
  decommissioned: string;
  latestTemperature: string;
  minTemperature: string;
  maxTemperature: string;
  targetsReached: string;
  noSensors: string;

  differentials: string;
  largestDifference: (value: string, a: string, b: string, at: string) => string;
  noDifference: string;
  aboveLimit: (limit: string, hours: string) => string;
  neverAboveLimit: (limit: string) => string;
  differentialNote: (bucket: string) => string;

  targets: string;
  target: string;
  kind: Record<JobTargetKind, string>;
  primary: string;
  asSet: (value: string) => string;
  reachedAt: string;
  expectedAt: string;
  range: string;
  reached: string;
  notReached: string;
  noTargets: string;
  forecastTitle: string;
  forecastReason: Record<ForecastState, string>;
  forecastFrom: (hours: string, mean: string, low: string, high: string) => string;
  computedAt: (time: string) => string;

  signoffs: string;
  decision: Record<SignoffDecision, string>;
  decisionHead: string;
  by: string;
  when: string;
  atStrength: string;
  note: string;
  superseded: string;
  noSignoffs: string;

  profileTitle: string;
  profileName: string;
  noProfile: string;
  maturityFunction: Record<'NURSE_SAUL' | 'EQUIVALENT_AGE', string>;
  functionLabel: string;
  datumTemperature: string;
  activationEnergy: string;
  referenceTemperature: string;
  curve: string;
  curveIn: (strengthUnit: string, maturityUnit: string) => string;
  r2: string;
  calibratedRange: string;
  labBreaks: string;
  profileChart: string;

  disclaimerTitle: string;
  disclaimer: string;
  page: (n: number, of: number) => string;

  /** reasons a report could not be made (shown as they are on the report list) */
  noJob: string;
  jobNotFound: (id: number) => string;
  notMaturity: (id: number) => string;
  notStarted: (name: string) => string;
  outsideRange: (name: string) => string;
}

const EN: PdfText = {
  title: {
    CS_JOB_REPORT: 'Concrete strength report: whole job',
    CS_POUR_REPORT: 'Concrete pour report',
    T_POUR_REPORT: 'Pour temperature report',
  },
  company: 'Company',
  jobSite: 'Job site',
  project: 'Project',
  job: 'Job',
  node: 'Node',
  profile: 'Concrete profile',
  period: 'Period',
  wholeJob: 'the whole job',
  units: 'Units',
  unitSystems: { Metric: 'Metric (MPa, °C)', Imperial: 'Imperial (psi, °F)' },
  timeZone: 'Time zone',
  reportDate: 'Report date',
  requestedBy: 'Requested by',
  jobStatus: 'Job status',
  started: 'Started',
  none: '--',

  summary: 'Summary',
  strengthNow: 'Strength (job average)',
  maturityNow: 'Maturity (job average)',
  temperatureNow: 'Temperature (job average)',
  sensorsCounted: 'Sensors counted',
  latestReading: 'Latest reading',
  outsideCalibration:
    "The job's maturity lies outside the profile's calibrated range: its strength is extrapolated.",
  coldest: 'Lowest temperature',
  warmest: 'Highest temperature',

  strengthChart: 'Strength over time',
  maturityChart: 'Maturity over time',
  temperatureChart: 'Temperature over time',
  differentialChart: 'Largest temperature difference between sensors',
  time: (zone) => `Time (${zone})`,
  strength: 'Strength',
  maturity: 'Maturity',
  temperature: 'Temperature',
  difference: 'Difference',
  jobAverage: 'Job average',
  eachSensor: (n) => `Each sensor (${n})`,
  forecast: 'Forecast',
  forecastRange: 'Forecast range (cold to warm)',
  limit: 'Limit',
  noData: 'No readings in this period.',
  excludedSensors: (n) =>
    `${n} blacklisted or decommissioned ${n === 1 ? 'sensor is' : 'sensors are'} left out of the charts and the job's figures.`,

  sensors: 'Sensors',
  sensor: 'Sensor',
  state: 'State',
  counted: 'Counted',
  blacklisted: 'Blacklisted',
  decommissioned: 'Decommissioned',
  latestTemperature: 'Latest temperature',
  minTemperature: 'Min temperature (when)',
  maxTemperature: 'Max temperature (when)',
  targetsReached: 'Targets reached',
  noSensors: 'The job has no sensors.',

  differentials: 'Temperature differences',
  largestDifference: (value, a, b, at) => `Largest difference: ${value} between ${a} and ${b}, ${at}.`,
  noDifference: 'Fewer than two counted sensors have readings: there is no difference to show.',
  aboveLimit: (limit, hours) => `Above the limit of ${limit} for ${hours} h in this period.`,
  neverAboveLimit: (limit) => `Never above the limit of ${limit} in this period.`,
  differentialNote: (bucket) => `Compared on the average of each sensor per ${bucket}.`,

  targets: 'Strength targets',
  target: 'Target',
  kind: {
    STRIPPING: 'Stripping',
    POST_TENSIONING: 'Post-tensioning',
    OPEN_TO_TRAFFIC: 'Opening to traffic',
    DESIGN: 'Design (28-day)',
  },
  primary: 'Job target',
  asSet: (value) => `set as ${value}`,
  reachedAt: 'Reached',
  expectedAt: 'Expected',
  range: 'Between',
  reached: 'reached',
  notReached: 'not reached yet',
  noTargets: 'No strength target is set.',
  forecastTitle: 'Strength forecast',
  forecastReason: {
    FORECAST: 'Forecast from the recent temperatures.',
    REACHED: 'Every target is reached.',
    NO_PROFILE: 'Assign a concrete profile to estimate strength.',
    NOT_STARTED: 'The job has not started: there is no forecast yet.',
    NO_DATA: 'No temperature readings yet: there is no forecast.',
    BELOW_DATUM: 'Concrete is too cold to gain strength: there is no forecast.',
    FALLING_TEMPERATURE: 'Temperature is falling: no reliable forecast.',
    STOPPED: 'The job has stopped: there is no forecast.',
  },
  forecastFrom: (hours, mean, low, high) =>
    `Forecast from the last ${hours} h: ${mean} on average, between ${low} and ${high}.`,
  computedAt: (time) => `Forecast made ${time}.`,

  signoffs: 'Sign-offs',
  decision: {
    FORMS_STRIPPED: 'Forms stripped',
    TENDONS_STRESSED: 'Tendons stressed',
    OPENED_TO_TRAFFIC: 'Opened to traffic',
    LOADED: 'Loaded',
  },
  decisionHead: 'Decision',
  by: 'By',
  when: 'When',
  atStrength: 'At strength',
  note: 'Note',
  superseded: 'Superseded',
  noSignoffs: 'No decision has been recorded on this pour yet.',

  profileTitle: 'Concrete profile',
  profileName: 'Name',
  noProfile: 'The job has no concrete profile: strength is not estimated.',
  maturityFunction: {
    NURSE_SAUL: 'Nurse-Saul (temperature-time factor)',
    EQUIVALENT_AGE: 'Equivalent age (Arrhenius)',
  },
  functionLabel: 'Maturity function',
  datumTemperature: 'Datum temperature',
  activationEnergy: 'Activation energy',
  referenceTemperature: 'Reference temperature',
  curve: 'Strength curve',
  curveIn: (s, m) => `S in ${s}, M in ${m}`,
  r2: 'R²',
  calibratedRange: 'Calibrated range',
  labBreaks: 'Lab breaks',
  profileChart: 'Strength curve and lab breaks',

  disclaimerTitle: 'About these estimates',
  disclaimer:
    'Maturity-based strength estimates depend on the calibration of the concrete mix they use and do not ' +
    'replace field-cured cylinder tests. Decisions to strip forms, stress tendons or load a structure must ' +
    'be confirmed by the engineer of record.',
  page: (n, of) => `Page ${n} of ${of}`,

  noJob: 'The request names no maturity job.',
  jobNotFound: (id) => `Maturity job ${id} was not found, or the report's owner may no longer see it.`,
  notMaturity: (id) => `Job ${id} is not a maturity job: it has no strength to report.`,
  notStarted: (name) => `The job "${name}" has not started: there is no data to report yet.`,
  outsideRange: (name) => `The job "${name}" did not run during the chosen period.`,
};

const ES: PdfText = {
  title: {
    CS_JOB_REPORT: 'Informe de resistencia del hormigón: trabajo completo',
    CS_POUR_REPORT: 'Informe de colada de hormigón',
    T_POUR_REPORT: 'Informe de temperatura de la colada',
  },
  company: 'Empresa',
  jobSite: 'Obra',
  project: 'Proyecto',
  job: 'Trabajo',
  node: 'Nodo',
  profile: 'Perfil de hormigón',
  period: 'Período',
  wholeJob: 'todo el trabajo',
  units: 'Unidades',
  unitSystems: { Metric: 'Métrico (MPa, °C)', Imperial: 'Imperial (psi, °F)' },
  timeZone: 'Zona horaria',
  reportDate: 'Fecha del informe',
  requestedBy: 'Solicitado por',
  jobStatus: 'Estado del trabajo',
  started: 'Inicio',
  none: '--',

  summary: 'Resumen',
  strengthNow: 'Resistencia (promedio del trabajo)',
  maturityNow: 'Madurez (promedio del trabajo)',
  temperatureNow: 'Temperatura (promedio del trabajo)',
  sensorsCounted: 'Sensores contados',
  latestReading: 'Última lectura',
  outsideCalibration:
    'La madurez del trabajo está fuera del intervalo calibrado del perfil: su resistencia es una extrapolación.',
  coldest: 'Temperatura más baja',
  warmest: 'Temperatura más alta',

  strengthChart: 'Resistencia en el tiempo',
  maturityChart: 'Madurez en el tiempo',
  temperatureChart: 'Temperatura en el tiempo',
  differentialChart: 'Mayor diferencia de temperatura entre sensores',
  time: (zone) => `Hora (${zone})`,
  strength: 'Resistencia',
  maturity: 'Madurez',
  temperature: 'Temperatura',
  difference: 'Diferencia',
  jobAverage: 'Promedio del trabajo',
  eachSensor: (n) => `Cada sensor (${n})`,
  forecast: 'Pronóstico',
  forecastRange: 'Intervalo del pronóstico (frío a cálido)',
  limit: 'Límite',
  noData: 'No hay lecturas en este período.',
  excludedSensors: (n) =>
    n === 1
      ? '1 sensor en lista negra o dado de baja queda fuera de los gráficos y de las cifras del trabajo.'
      : `${n} sensores en lista negra o dados de baja quedan fuera de los gráficos y de las cifras del trabajo.`,

  sensors: 'Sensores',
  sensor: 'Sensor',
  state: 'Estado',
  counted: 'Contado',
  blacklisted: 'En lista negra',
  decommissioned: 'Dado de baja',
  latestTemperature: 'Última temperatura',
  minTemperature: 'Temperatura mín. (cuándo)',
  maxTemperature: 'Temperatura máx. (cuándo)',
  targetsReached: 'Objetivos alcanzados',
  noSensors: 'El trabajo no tiene sensores.',

  differentials: 'Diferencias de temperatura',
  largestDifference: (value, a, b, at) => `Mayor diferencia: ${value} entre ${a} y ${b}, ${at}.`,
  noDifference: 'Menos de dos sensores contados tienen lecturas: no hay diferencia que mostrar.',
  aboveLimit: (limit, hours) => `Por encima del límite de ${limit} durante ${hours} h en este período.`,
  neverAboveLimit: (limit) => `Nunca por encima del límite de ${limit} en este período.`,
  differentialNote: (bucket) => `Comparado sobre el promedio de cada sensor por ${bucket}.`,

  targets: 'Resistencias objetivo',
  target: 'Objetivo',
  kind: {
    STRIPPING: 'Desencofrado',
    POST_TENSIONING: 'Postensado',
    OPEN_TO_TRAFFIC: 'Apertura al tráfico',
    DESIGN: 'Diseño (28 días)',
  },
  primary: 'Objetivo del trabajo',
  asSet: (value) => `fijado en ${value}`,
  reachedAt: 'Alcanzado',
  expectedAt: 'Previsto',
  range: 'Entre',
  reached: 'alcanzado',
  notReached: 'aún no alcanzado',
  noTargets: 'No hay resistencia objetivo.',
  forecastTitle: 'Pronóstico de resistencia',
  forecastReason: {
    FORECAST: 'Pronóstico según las temperaturas recientes.',
    REACHED: 'Todos los objetivos están alcanzados.',
    NO_PROFILE: 'Asigne un perfil de hormigón para estimar la resistencia.',
    NOT_STARTED: 'El trabajo no ha comenzado: aún no hay pronóstico.',
    NO_DATA: 'Aún no hay lecturas de temperatura: no hay pronóstico.',
    BELOW_DATUM: 'El hormigón está demasiado frío para ganar resistencia: no hay pronóstico.',
    FALLING_TEMPERATURE: 'La temperatura está bajando: no hay un pronóstico fiable.',
    STOPPED: 'El trabajo se detuvo: no hay pronóstico.',
  },
  forecastFrom: (hours, mean, low, high) =>
    `Pronóstico según las últimas ${hours} h: ${mean} de promedio, entre ${low} y ${high}.`,
  computedAt: (time) => `Pronóstico hecho el ${time}.`,

  signoffs: 'Aprobaciones',
  decision: {
    FORMS_STRIPPED: 'Desencofrado',
    TENDONS_STRESSED: 'Tendones tensados',
    OPENED_TO_TRAFFIC: 'Abierto al tráfico',
    LOADED: 'Puesto en carga',
  },
  decisionHead: 'Decisión',
  by: 'Por',
  when: 'Cuándo',
  atStrength: 'Con resistencia',
  note: 'Nota',
  superseded: 'Reemplazada',
  noSignoffs: 'Todavía no se ha registrado ninguna decisión en esta colada.',

  profileTitle: 'Perfil de hormigón',
  profileName: 'Nombre',
  noProfile: 'El trabajo no tiene perfil de hormigón: no se estima la resistencia.',
  maturityFunction: {
    NURSE_SAUL: 'Nurse-Saul (factor temperatura-tiempo)',
    EQUIVALENT_AGE: 'Edad equivalente (Arrhenius)',
  },
  functionLabel: 'Función de madurez',
  datumTemperature: 'Temperatura de referencia (datum)',
  activationEnergy: 'Energía de activación',
  referenceTemperature: 'Temperatura de referencia',
  curve: 'Curva de resistencia',
  curveIn: (s, m) => `S en ${s}, M en ${m}`,
  r2: 'R²',
  calibratedRange: 'Intervalo calibrado',
  labBreaks: 'Roturas de laboratorio',
  profileChart: 'Curva de resistencia y roturas de laboratorio',

  disclaimerTitle: 'Sobre estas estimaciones',
  disclaimer:
    'Las estimaciones de resistencia basadas en la madurez dependen de la calibración de la mezcla de ' +
    'hormigón utilizada y no reemplazan los ensayos de cilindros curados en obra. Las decisiones de ' +
    'desencofrar, tensar tendones o cargar una estructura deben ser confirmadas por el ingeniero responsable.',
  page: (n, of) => `Página ${n} de ${of}`,

  noJob: 'La solicitud no indica ningún trabajo de madurez.',
  jobNotFound: (id) =>
    `No se encontró el trabajo de madurez ${id}, o el propietario del informe ya no puede verlo.`,
  notMaturity: (id) => `El trabajo ${id} no es un trabajo de madurez: no tiene resistencia que informar.`,
  notStarted: (name) => `El trabajo "${name}" no ha comenzado: aún no hay datos que informar.`,
  outsideRange: (name) => `El trabajo "${name}" no estuvo en marcha durante el período elegido.`,
};

export const PDF_TEXT: Record<Language, PdfText> = { en: EN, es: ES };

export function pdfText(language: Language | string | null | undefined): PdfText {
  return language === 'es' ? ES : EN;
}
