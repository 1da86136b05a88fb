import { describe, expect, it } from 'vitest';
import {
  CONVERSION,
  convert,
  decimalsFor,
  displayScale,
  formatMeasurement,
  formatMeasurementScaled,
  formatMeasurementWithUnit,
  formatScaled,
  quantityOfSensorType,
  toMetric,
  UNIT_SPACE,
  unitLabel,
  withUnitText,
} from './units.ts';

describe('convert to Imperial (section 9)', () => {
  it.each([
    ['Temperature', 0, 32],
    ['Temperature', 100, 212],
    ['Temperature', -40, -40],
    ['Temperature', 20, 68],
    ['Speed', 100, 62.1371],
    ['Speed', 1, 0.621371],
    ['Pressure', 3.386, 1],
    ['Pressure', 101.6, 101.6 / 3.386],
    ['LiquidLevel', 1, 3.28084],
    ['LiquidLevel', 10, 32.8084],
    ['Maturity', 100, 180],
    ['Maturity', 0, 0],
    ['Strength', 1, 145.037738],
    ['Strength', 21, 3045.792498],
  ])('%s %d → %d', (q, metric, imperial) => {
    expect(convert(q, metric, 'Imperial')).toBeCloseTo(imperial, 6);
  });

  it.each([['Humidity'], ['Gas'], ['Sound'], ['OilDebris'], ['Current'], ['Power'], ['Voltage'], ['Other']])(
    '%s passes through unchanged',
    (q) => {
      expect(convert(q, 42.5, 'Imperial')).toBe(42.5);
    },
  );

  it.each([['Temperature'], ['Speed'], ['Pressure'], ['LiquidLevel'], ['Maturity'], ['Strength']])(
    'Metric leaves %s unchanged',
    (q) => {
      expect(convert(q, 21.5, 'Metric')).toBe(21.5);
    },
  );

  it.each([[null], [undefined], [Number.NaN]])('a missing value (%j) passes through', (v) => {
    expect(convert('Temperature', v, 'Imperial')).toBe(v);
  });

  it('has the factors', () => {
    expect(CONVERSION).toEqual({
      PSI_PER_MPA: 145.037738,
      FAHRENHEIT_PER_CELSIUS: 1.8,
      FAHRENHEIT_OFFSET: 32,
      MPH_PER_KMH: 0.621371,
      KPA_PER_INHG: 3.386,
      FEET_PER_METRE: 3.28084,
    });
  });
});

describe('toMetric inverts convert', () => {
  it.each([['Temperature'], ['Speed'], ['Pressure'], ['LiquidLevel'], ['Maturity'], ['Strength']])(
    '%s',
    (q) => {
      expect(toMetric(q, convert(q, 37.25, 'Imperial'), 'Imperial')).toBeCloseTo(37.25, 9);
      expect(toMetric(q, 37.25, 'Metric')).toBe(37.25);
    },
  );

  it('converts 68 °F to 20 °C and passes missing values', () => {
    expect(toMetric('Temperature', 68, 'Imperial')).toBeCloseTo(20, 9);
    expect(toMetric('Temperature', null, 'Imperial')).toBeNull();
  });
});

describe('unitLabel (section 9 unit table)', () => {
  it.each([
    ['Temperature', '°C', '°F'],
    ['Speed', 'km/hr', 'mph'],
    ['Pressure', 'kPa', 'inHg'],
    ['LiquidLevel', 'm', 'ft'],
    ['Maturity', '°C.Hr', '°F.Hr'],
    ['Strength', 'MPa', 'psi'],
    ['Humidity', '%', '%'],
    ['Gas', 'ppm', 'ppm'],
    ['Sound', 'dB', 'dB'],
    ['OilDebris', '%', '%'],
    ['Current', 'A', 'A'],
    ['Power', 'W', 'W'],
    ['Voltage', 'V', 'V'],
    ['Other', '', ''],
    ['toString', '', ''],
  ])('%s: Metric %s, Imperial %s', (q, metric, imperial) => {
    expect(unitLabel(q, 'Metric')).toBe(metric);
    expect(unitLabel(q, 'Imperial')).toBe(imperial);
  });

  it('reads a missing system as Metric', () => {
    expect(unitLabel('Temperature', undefined)).toBe('°C');
  });
});

describe('formatMeasurement (section 9)', () => {
  it.each([
    ['Temperature', 21.46, 'Metric', '21.5'],
    ['Temperature', 21.46, 'Imperial', '70.6'],
    ['Temperature', -17.8, 'Imperial', '0.0'],
    ['Temperature', 0, 'Metric', '0.0'],
    ['Strength', 21, 'Metric', '21.0'],
    ['Strength', 21, 'Imperial', '3046'],
    ['Strength', 0.5, 'Imperial', '73'],
    ['Maturity', 1000, 'Imperial', '1800.0'],
    ['Maturity', 1000, 'Metric', '1000.0'],
    ['Speed', 10, 'Imperial', '6.2'],
    ['Pressure', 100, 'Imperial', '29.5'],
    ['LiquidLevel', 2, 'Imperial', '6.6'],
    ['Humidity', 55.55, 'Imperial', '55.5'],
    ['Voltage', 3.3, 'Metric', '3.3'],
    ['Temperature', null, 'Metric', '--'],
    ['Temperature', undefined, 'Imperial', '--'],
    ['Strength', Number.NaN, 'Imperial', '--'],
  ])('%s %j %s → %j', (q, v, system, text) => {
    expect(formatMeasurement(q, v, system)).toBe(text);
  });

  it.each([
    ['Strength', 'Imperial', 0],
    ['Strength', 'Metric', 1],
    ['Temperature', 'Imperial', 1],
  ])('decimalsFor(%s, %s) is %d', (q, s, d) => {
    expect(decimalsFor(q, s)).toBe(d);
  });
});

describe('formatMeasurementWithUnit', () => {
  it.each([
    ['Temperature', 21.46, 'Metric', '21.5\u00a0°C'],
    ['Strength', 21, 'Imperial', '3046\u00a0psi'],
    ['Humidity', 40, 'Metric', '40.0\u00a0%'],
    ['Speed', 22, 'Metric', '22.0\u00a0km/hr'],
    ['Temperature', null, 'Metric', '--'],
    ['Other', 2, 'Metric', '2.0'],
  ])('%s %j %s → %j', (q, v, s, text) => {
    expect(formatMeasurementWithUnit(q, v, s)).toBe(text);
  });

  it('joins value and unit with a no-break space, so a phone never wraps between them', () => {
    expect(UNIT_SPACE).toBe('\u00a0');
    expect(formatMeasurementWithUnit('Speed', 104.5, 'Metric')).not.toMatch(/ /);
    expect(withUnitText('--', 'W')).toBe('--');
    expect(withUnitText('3', '')).toBe('3');
  });
});

describe('displayScale and formatScaled (W under 1 kW, else kW)', () => {
  it.each([
    ['Power', [120, 999.9], 'W', 1, 1],
    ['Power', [120, 1000], 'kW', 0.001, 2],
    ['Power', [999.96], 'kW', 0.001, 2],
    ['Power', [1088, 54547], 'kW', 0.001, 1],
    ['Power', [-2500], 'kW', 0.001, 2],
    ['Power', [null, undefined, Number.NaN], 'W', 1, 1],
    ['Voltage', [600], 'V', 1, 1],
    ['Voltage', [13800], 'kV', 0.001, 1],
    ['Current', [31.5], 'A', 1, 1],
    ['Temperature', [5000], '°C', 1, 1],
  ] as const)('%s %j → %s', (q, values, unit, factor, decimals) => {
    expect(displayScale(q, values, 'Metric')).toEqual({ unit, factor, decimals });
  });

  it('formats a value in a scale, or in the unit it reads best in by itself', () => {
    const kw = displayScale('Power', [1375], 'Metric');
    expect(formatScaled('Power', 1375, 'Metric', kw)).toBe('1.38\u00a0kW');
    expect(formatScaled('Power', null, 'Metric', kw)).toBe('--');
    expect(formatMeasurementScaled('Power', 40000, 'Metric')).toBe('40.0\u00a0kW');
    expect(formatMeasurementScaled('Power', 850, 'Metric')).toBe('850.0\u00a0W');
    expect(formatMeasurementScaled('Strength', 21, 'Imperial')).toBe('3046\u00a0psi');
  });
});

describe('quantityOfSensorType', () => {
  it.each([
    ['Temperature', 'Temperature'],
    ['Humidity', 'Humidity'],
    ['Wind Speed', 'Speed'],
    ['Liquid Level', 'LiquidLevel'],
    ['Oil Debris', 'OilDebris'],
    ['voltage', 'Voltage'],
    ['Unknown', null],
    ['', null],
    [null, null],
  ])('%j → %j', (type, q) => {
    expect(quantityOfSensorType(type)).toBe(q);
  });
});
