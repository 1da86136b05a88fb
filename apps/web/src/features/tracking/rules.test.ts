import type { TrackedId } from '@sitepulse/contracts';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../components/test-utils.tsx';
import { idFromScan, mapPoints, mayManageStages, mayRecord, moveTo } from './rules.ts';
import { decodeQrImage } from './scan.ts';

/** A QR code as a camera frame would hold it: RGBA, dark modules black, a quiet zone, `scale` pixels a module. */
function frameOf(text: string, scale = 8, quiet = 4) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'Q' });
  const size = (modules.size + 2 * quiet) * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const mx = Math.floor(x / scale) - quiet;
      const my = Math.floor(y / scale) - quiet;
      const dark = mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules.get(my, mx);
      if (dark) data.fill(0, (y * size + x) * 4, (y * size + x) * 4 + 3);
    }
  }
  return { data, width: size, height: size };
}

describe('reading a label', () => {
  it("decodes a label's QR code from a camera frame back to its ID (jsQR, where the browser has no detector)", async () => {
    const frame = frameOf('LT-7K3M-Q9XP');
    const text = await decodeQrImage(frame.data, frame.width, frame.height);
    expect(text).toBe('LT-7K3M-Q9XP');
    expect(idFromScan(text)).toBe('LT-7K3M-Q9XP');
    expect(await decodeQrImage(new Uint8ClampedArray(64 * 64 * 4).fill(255), 64, 64)).toBeNull();
  });

  it('takes an ID in any case, with or without hyphens, or inside a link; nothing else', () => {
    expect(idFromScan(' lt7k3mq9xp ')).toBe('LT-7K3M-Q9XP');
    expect(idFromScan('https://example.com/ids/lt-7k3m-q9xp?x=1')).toBe('LT-7K3M-Q9XP');
    for (const not of ['', null, 'LT-0000-0000', 'LT-7K3M', 'hello', 'LT-7K3M-Q9XPQ'])
      expect(idFromScan(not)).toBeNull();
  });
});

describe('the tracking rules', () => {
  const item = (lumitrackId: string, location: TrackedId['location']) =>
    ({ lumitrackId, location }) as TrackedId;

  it('puts only positioned IDs on the map, latitude clamped to ±85', () => {
    const points = mapPoints([
      item('LT-AAAA-AAAA', { lat: 43.2, lng: -79.8, timestamp: 1 }),
      item('LT-BBBB-BBBB', null),
      item('LT-CCCC-CCCC', { lat: 89.9, lng: 10, timestamp: 1 }),
    ]);
    expect(points.map((p) => [p.lumitrackId, p.lat, p.lng])).toEqual([
      ['LT-AAAA-AAAA', 43.2, -79.8],
      ['LT-CCCC-CCCC', 85, 10],
    ]);
  });

  it('judges a move by the positions of the stages', () => {
    const now = { stageId: 3, name: 'In yard', position: 3, since: 0, username: 'a', userName: 'A' };
    expect(moveTo(null, { position: 2 })).toBe('FIRST');
    expect(moveTo(now, { position: 4 })).toBe('FORWARD');
    expect(moveTo(now, { position: 3 })).toBe('SAME');
    expect(moveTo(now, { position: 1 })).toBe('BACKWARD');
  });

  it('offers recording to writers and company admins, and the stages to company admins, never read-only', () => {
    expect(mayRecord(testUser())).toBe(true);
    expect(
      mayRecord(testUser({ accountType: 'USER', userTenantGroupData: [{ tenantGroupId: 3, access: 2 }] })),
    ).toBe(true);
    expect(
      mayRecord(testUser({ accountType: 'USER', userTenantGroupData: [{ tenantGroupId: 3, access: 4 }] })),
    ).toBe(false);
    expect(
      mayRecord(
        testUser({ accountType: 'READONLY_MEMBER', userTenantGroupData: [{ tenantGroupId: 3, access: 2 }] }),
      ),
    ).toBe(false);
    expect(mayRecord(undefined)).toBe(false);
    expect(mayManageStages(testUser())).toBe(true);
    expect(mayManageStages(testUser({ roles: ['READONLY_USER'] }))).toBe(false);
    expect(mayManageStages(testUser({ accountType: 'USER' }))).toBe(false);
  });
});
