import type { MsjSensorData } from '@sitepulse/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInSession, stubServer } from '../../components/test-utils.tsx';
import { SensorTable } from './SensorTable.tsx';

/** A sensor the server knows almost nothing about: no alias, no reading, no maturity nor strength. */
const unknown: MsjSensorData = {
  id: 77,
  sensorId: 77,
  nodeId: 10001,
  channelId: 1,
  sensorType: 'Temperature',
  sensorAlias: null,
  latestValue: null,
  latestValueTimestamp: null,
  messageTimestamp: null,
  decommissioned: false,
  blacklisted: false,
  counted: true,
  maturity: null,
  equivalentAge: null,
  strength: null,
  value: null,
  timestamp: null,
  outsideCalibration: false,
};

beforeEach(() => {
  localStorage.clear();
  signInSession();
  stubServer();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('unknown sensor data (spec section 8: undefined or default values)', () => {
  it("shows a sensor without alias or readings by its default name and '--' for every missing value", async () => {
    renderAt(
      <SensorTable
        sensors={[unknown]}
        humidity={false}
        canEdit={false}
        job={{ family: 'maturity', id: 1, tenantGroupId: 1 }}
      />,
      '/job/:type/:jobsiteId/:tenantId/:id',
      '/job/Maturity/1/3/1',
    );
    const [row] = await screen.findAllByTestId('sensor-row');
    expect(within(row).getByText('Sensor 77')).toBeTruthy();
    // The reading, its time, maturity and strength: each the missing-value text, none 'null' nor 'NaN'.
    expect(within(row).getAllByText('--').length).toBeGreaterThanOrEqual(4);
    expect(row.textContent).not.toMatch(/null|undefined|NaN/);
  });
});
