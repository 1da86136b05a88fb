import { describe, expect, it } from 'vitest';
import {
  cableDisplayName,
  cableJobDisplayName,
  cableNodeDisplayName,
  NODE_CARD_READINGS,
  needsDrawerTooltip,
  nodeCardReadingCount,
  projectDisplayName,
  sensorDisplayName,
  sensorOrdinals,
  shortNodeId,
} from './names.ts';

describe('projectDisplayName (section 2)', () => {
  it.each([
    [{ name: 'Default', type: 'Lumimon' }, 'Job Site Sensors'],
    [{ name: 'Default', type: 'Concrete' }, 'Concrete Sensors'],
    [{ name: 'Default', type: 'Lumitrack' }, 'Concrete Sensors'],
    [{ name: 'Default', type: null }, 'Concrete Sensors'],
    [{ name: 'Default' }, 'Concrete Sensors'],
    [{ name: 'default', type: 'Lumimon' }, 'default'],
    [{ name: 'Tower A', type: 'Lumimon' }, 'Tower A'],
    [{ name: 'Tower A', type: 'Concrete' }, 'Tower A'],
    [{ name: null, type: 'Concrete' }, ''],
  ])('%j → %s', (project, name) => {
    expect(projectDisplayName(project)).toBe(name);
  });
});

describe('sensorDisplayName (section 3)', () => {
  it.each([
    [{ sensorId: 12, sensorAlias: 'North wall' }, 'North wall'],
    [{ sensorId: 'abc', sensorAlias: 'Slab' }, 'Slab'],
    [{ sensorId: 12, sensorAlias: '' }, 'Sensor 12'],
    [{ sensorId: 12, sensorAlias: '   ' }, 'Sensor 12'],
    [{ sensorId: 12, sensorAlias: null }, 'Sensor 12'],
    [{ sensorId: 'abc' }, 'Sensor abc'],
    [{ sensorId: 0 }, 'Sensor 0'],
    [{}, 'Sensor'],
  ])('%j → %s', (sensor, name) => {
    expect(sensorDisplayName(sensor)).toBe(name);
  });
});

describe('sensorOrdinals (our rule for unnamed sensors)', () => {
  it('numbers the sensors of a type in id order, and leaves a type with one sensor unnumbered', () => {
    const got = sensorOrdinals([
      { sensorId: 30, sensorType: 'Temperature' },
      { sensorId: 21, sensorType: 'Humidity' },
      { sensorId: 9, sensorType: 'Temperature' },
      { sensorId: 100, sensorType: 'Temperature' },
      { sensorId: 30, sensorType: 'Temperature' },
    ]);
    expect(Object.fromEntries(got)).toEqual({ '9': 1, '30': 2, '100': 3, '21': null });
  });
  it('answers an empty map for no sensors', () => {
    expect(sensorOrdinals([]).size).toBe(0);
  });
});

describe('cable display names (section 3, derived)', () => {
  it.each([
    [{ cableId: 7, cableName: 'Pier 3' }, 'Pier 3'],
    [{ cableId: 7, cableName: '' }, 'Cable 7'],
    [{ cableId: 7 }, 'Cable 7'],
  ])('cable %j → %s', (cable, name) => {
    expect(cableDisplayName(cable)).toBe(name);
  });

  it.each([
    [{ channelJobName: 'Pour 12', cableId: 7, channelId: 2 }, 'Pour 12'],
    [{ cableId: 7, cableName: 'Pier 3', channelId: 2 }, 'Pier 3 - Ch 2'],
    [{ cableId: 7, channelId: 0 }, 'Cable 7 - Ch 0'],
    [{ cableId: 7 }, 'Cable 7'],
  ])('job %j → %s', (job, name) => {
    expect(cableJobDisplayName(job)).toBe(name);
  });

  it.each([
    [{ nodeId: 'ABCDEF0123456789', nodeAlias: 'Gate' }, 'Gate'],
    [{ nodeId: 'ABCDEF0123456789' }, 'Node ABCDEF01'],
    [{ nodeId: 'AB' }, 'Node AB'],
  ])('node %j → %s', (node, name) => {
    expect(cableNodeDisplayName(node)).toBe(name);
  });
});

describe('shortNodeId (section 2)', () => {
  it.each([
    ['0123456789abcdef', '01234567'],
    ['01234567', '01234567'],
    ['0123', '0123'],
    ['', ''],
    [null, ''],
  ])('%j → %j', (id, shown) => {
    expect(shortNodeId(id)).toBe(shown);
  });
});

describe('node card readings (section 2)', () => {
  it.each([
    ['gas', 1],
    ['weather', 3],
  ] as const)('%s shows %d', (kind, n) => {
    expect(nodeCardReadingCount(kind)).toBe(n);
    expect(NODE_CARD_READINGS[kind]).toBe(n);
  });
});

describe('needsDrawerTooltip (section 2)', () => {
  it.each([
    ['a'.repeat(15), false],
    ['a'.repeat(16), false],
    ['a'.repeat(17), true],
    ['', false],
    [null, false],
  ])('%j → %s', (name, tip) => {
    expect(needsDrawerTooltip(name)).toBe(tip);
  });
});
