import type { Language } from '@sitepulse/domain';

/** The words of the raw-data files (headers, the summary, reasons), in the requester's language. */
export interface RawDataText {
  sensor: string;
  sensorId: string;
  nodeId: string;
  type: string;
  unit: string;
  /** `Time (America/Toronto)` */
  time: (zone: string) => string;
  /** `Hour start (America/Toronto)` */
  hourStart: (zone: string) => string;
  value: string;
  average: string;
  min: string;
  max: string;
  readings: string;
  firstReading: string;
  lastReading: string;
  sheet: string;
  summary: string;
  site: string;
  company: string;
  report: string;
  from: string;
  to: string;
  timeZone: string;
  units: string;
  unitSystems: { Metric: string; Imperial: string };
  rows: string;
  rowsRaw: string;
  rowsHourly: string;
  noSensors: string;
  noReadings: string;
  /** the summary's note when the range starts before the company's retention mark (a UTC day) */
  rawRemoved: (day: string) => string;
  /** the reason when the whole range lies before it */
  rangeRemoved: (day: string) => string;
  sensorTypes: Readonly<Record<string, string>>;
  /** reasons a report could not be made (shown on the report list) */
  sensorGone: (id: number) => string;
  nodeGone: (id: number) => string;
  badTimeZone: (zone: string) => string;
}

const EN: RawDataText = {
  sensor: 'Sensor',
  sensorId: 'Sensor id',
  nodeId: 'Node id',
  type: 'Type',
  unit: 'Unit',
  time: (zone) => `Time (${zone})`,
  hourStart: (zone) => `Hour start (${zone})`,
  value: 'Value',
  average: 'Average',
  min: 'Min',
  max: 'Max',
  readings: 'Readings',
  firstReading: 'First reading',
  lastReading: 'Last reading',
  sheet: 'Sheet',
  summary: 'Summary',
  site: 'Job site',
  company: 'Company',
  report: 'Report',
  from: 'From',
  to: 'To',
  timeZone: 'Time zone',
  units: 'Units',
  unitSystems: { Metric: 'Metric', Imperial: 'Imperial' },
  rows: 'Rows',
  rowsRaw: 'Every reading',
  rowsHourly: 'One row per sensor per hour: average, min, max and number of readings',
  noSensors: 'No sensors were chosen.',
  noReadings: 'No readings in this range.',
  rawRemoved: (day) =>
    `Readings before ${day} (UTC) were removed by the company's data retention: the sheets hold the readings from then on, and the counts, minimum and maximum above still count the hours before (the charts show them hour by hour).`,
  rangeRemoved: (day) =>
    `The readings of this range were removed by the company's data retention (everything before ${day}, UTC); the charts still show them hour by hour.`,
  sensorTypes: {},
  sensorGone: (id) => `Sensor ${id} can no longer be read by the report's owner on this job site.`,
  nodeGone: (id) => `Node ${id} can no longer be read by the report's owner on this job site.`,
  badTimeZone: (zone) => `Unknown time zone: ${zone}`,
};

/** Sensor type names as the web app's Spanish screens say them (apps/web/src/i18n/es/sensors.json). */
const ES_SENSOR_TYPES: Record<string, string> = {
  Temperature: 'Temperatura',
  Humidity: 'Humedad',
  'Wind Speed': 'Velocidad del viento',
  Pressure: 'Presión',
  Gas: 'Gas',
  'Liquid Level': 'Nivel de líquido',
  'Oil Debris': 'Residuos de aceite',
  Current: 'Corriente',
  Power: 'Potencia',
  Voltage: 'Voltaje',
  Sound: 'Sonido',
  Leak: 'Fuga',
  Door: 'Puerta',
  'Pressure Gauge': 'Manómetro',
  Lightning: 'Rayos',
  Vibration: 'Vibración',
};

const ES: RawDataText = {
  sensor: 'Sensor',
  sensorId: 'Id del sensor',
  nodeId: 'Id del nodo',
  type: 'Tipo',
  unit: 'Unidad',
  time: (zone) => `Hora (${zone})`,
  hourStart: (zone) => `Inicio de la hora (${zone})`,
  value: 'Valor',
  average: 'Promedio',
  min: 'Mín',
  max: 'Máx',
  readings: 'Lecturas',
  firstReading: 'Primera lectura',
  lastReading: 'Última lectura',
  sheet: 'Hoja',
  summary: 'Resumen',
  site: 'Sitio de obra',
  company: 'Empresa',
  report: 'Informe',
  from: 'Desde',
  to: 'Hasta',
  timeZone: 'Zona horaria',
  units: 'Unidades',
  unitSystems: { Metric: 'Métrico', Imperial: 'Imperial' },
  rows: 'Filas',
  rowsRaw: 'Cada lectura',
  rowsHourly: 'Una fila por sensor y hora: promedio, mínimo, máximo y número de lecturas',
  noSensors: 'No se eligió ningún sensor.',
  noReadings: 'No hay lecturas en este intervalo.',
  rawRemoved: (day) =>
    `Las lecturas anteriores al ${day} (UTC) se eliminaron por la retención de datos de la empresa: las hojas contienen las lecturas desde entonces, y el número, el mínimo y el máximo de arriba siguen contando las horas anteriores (los gráficos las muestran hora por hora).`,
  rangeRemoved: (day) =>
    `Las lecturas de este intervalo se eliminaron por la retención de datos de la empresa (todo lo anterior al ${day}, UTC); los gráficos siguen mostrándolas hora por hora.`,
  sensorTypes: ES_SENSOR_TYPES,
  sensorGone: (id) => `El propietario del informe ya no puede leer el sensor ${id} en este sitio de obra.`,
  nodeGone: (id) => `El propietario del informe ya no puede leer el nodo ${id} en este sitio de obra.`,
  badTimeZone: (zone) => `Zona horaria desconocida: ${zone}`,
};

export function rawDataText(language: Language): RawDataText {
  return language === 'es' ? ES : EN;
}

/** A sensor type as the language names it (the stored name when it has no translation). */
export function sensorTypeName(t: RawDataText, sensorType: string): string {
  return t.sensorTypes[sensorType] ?? sensorType;
}

/** `Temperature (°F)`; a quantity without a unit is just its name. */
export function withUnit(label: string, unit: string): string {
  return unit ? `${label} (${unit})` : label;
}
