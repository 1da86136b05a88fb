import { describe, expect, it } from 'vitest';
import {
  annualRoom,
  canManageLumitrackIds,
  gpsNodeRefusal,
  idFileDownloadName,
  idFileType,
  isLumitrackId,
  LABEL_SHEETS,
  LUMITRACK_ID_ALPHABET,
  LUMITRACK_ID_ANNUAL_LIMIT_DEFAULT,
  labelSlot,
  labelsPerSheet,
  lumitrackAnnualLimit,
  lumitrackIdFromBytes,
  normalizeLumitrackId,
  yearStartUtc,
} from './lumitrack.ts';

describe('Lumitrack ID format', () => {
  it('has 32 symbols without 0, O, 1 or I, each once', () => {
    expect(LUMITRACK_ID_ALPHABET).toHaveLength(32);
    expect(new Set(LUMITRACK_ID_ALPHABET).size).toBe(32);
    for (const c of '01IO') expect(LUMITRACK_ID_ALPHABET).not.toContain(c);
  });

  it('makes LT- and two groups of four symbols from eight bytes', () => {
    const id = lumitrackIdFromBytes([0, 1, 2, 3, 28, 29, 30, 31]);
    expect(id).toBe('LT-2345-WXYZ');
    expect(isLumitrackId(id)).toBe(true);
    // Only the low 5 bits count: 32 and 0 pick the same symbol.
    expect(lumitrackIdFromBytes([32, 33, 34, 35, 255, 254, 253, 252])).toBe('LT-2345-ZYXW');
    expect(() => lumitrackIdFromBytes([1, 2, 3])).toThrow();
  });

  it('reads an ID typed in any case, with or without hyphens, and nothing else', () => {
    expect(normalizeLumitrackId('lt-7k3m-q9xp')).toBe('LT-7K3M-Q9XP');
    expect(normalizeLumitrackId(' LT7K3MQ9XP ')).toBe('LT-7K3M-Q9XP');
    expect(normalizeLumitrackId('LT-7K3M-Q9X0')).toBeNull(); // 0 is no symbol
    expect(normalizeLumitrackId('LT-7K3M-Q9XI')).toBeNull(); // nor I
    expect(normalizeLumitrackId('LT-7K3M-Q9X')).toBeNull();
    expect(normalizeLumitrackId('XX-7K3M-Q9XP')).toBeNull();
    expect(normalizeLumitrackId(42)).toBeNull();
    expect(isLumitrackId('lt-7k3m-q9xp')).toBe(false);
  });
});

describe('annual limit', () => {
  it("takes the tierSpec's lumitrack_id_annual_limit", () => {
    expect(lumitrackAnnualLimit('{"storage_limit_in_mb":10,"lumitrack_id_annual_limit":5000}', 'X')).toBe(
      5000,
    );
    expect(lumitrackAnnualLimit('{"lumitrack_id_annual_limit":0}', 'ENTERPRISE')).toBe(0);
  });

  it("falls back to the tier's default, then to the general default", () => {
    expect(lumitrackAnnualLimit('{}', 'ENTERPRISE')).toBe(50_000);
    expect(lumitrackAnnualLimit('{"lumitrack_id_annual_limit":-1}', 'basic')).toBe(1000);
    expect(lumitrackAnnualLimit('{"lumitrack_id_annual_limit":"9"}', 'STANDARD')).toBe(5000);
    expect(lumitrackAnnualLimit('not json', 'UNKNOWN')).toBe(LUMITRACK_ID_ANNUAL_LIMIT_DEFAULT);
    expect(lumitrackAnnualLimit(null, null)).toBe(LUMITRACK_ID_ANNUAL_LIMIT_DEFAULT);
    expect(lumitrackAnnualLimit('{"lumitrack_id_annual_limit":1.5}', 'toString')).toBe(
      LUMITRACK_ID_ANNUAL_LIMIT_DEFAULT,
    );
  });

  it('counts from the start of the UTC calendar year, and never has less than no room', () => {
    expect(yearStartUtc(Date.UTC(2026, 6, 4, 12))).toBe(Date.UTC(2026, 0, 1));
    expect(yearStartUtc(Date.UTC(2026, 0, 1))).toBe(Date.UTC(2026, 0, 1));
    expect(yearStartUtc(Date.UTC(2025, 11, 31, 23, 59))).toBe(Date.UTC(2025, 0, 1));
    expect(annualRoom(10, 4)).toBe(6);
    expect(annualRoom(10, 12)).toBe(0);
  });
});

describe('GPS node rule (section 4)', () => {
  it('allows only a GPS node with no cable and no tenant', () => {
    expect(gpsNodeRefusal({ nodeType: 'GPS', cableId: null, tenantId: null })).toBeNull();
    expect(gpsNodeRefusal({ nodeType: 'Maturity', cableId: null, tenantId: null })).toBe('NOT_GPS');
    expect(gpsNodeRefusal({ nodeType: 'gps', cableId: null, tenantId: null })).toBe('NOT_GPS');
    expect(gpsNodeRefusal({ nodeType: 'GPS', cableId: 7, tenantId: null })).toBe('HAS_CABLE');
    expect(gpsNodeRefusal({ nodeType: 'GPS', cableId: null, tenantId: 3 })).toBe('HAS_TENANT');
  });
});

describe('who manages IDs', () => {
  it('company admins, and admins or editors of a site with a Lumitrack project; never Read-Only', () => {
    expect(canManageLumitrackIds('ADMIN', [])).toBe(true);
    expect(canManageLumitrackIds('USER', [2])).toBe(true);
    expect(canManageLumitrackIds('USER', [1])).toBe(true);
    expect(canManageLumitrackIds('USER', [4, 8])).toBe(false);
    expect(canManageLumitrackIds('USER', [])).toBe(false);
    expect(canManageLumitrackIds('READONLY_MEMBER', [1, 2])).toBe(false);
  });
});

describe('label files', () => {
  it('is a PDF for the PDF formats, a PNG for one ID and a zip for several', () => {
    expect(idFileType('PDF_A4', 20)).toBe('PDF');
    expect(idFileType('PDF_LETTER', 1)).toBe('PDF');
    expect(idFileType('PNG', 1)).toBe('PNG');
    expect(idFileType('PNG', 2)).toBe('ZIP');
    expect(idFileDownloadName(9, 'PNG', ['LT-2345-WXYZ'])).toBe('LT-2345-WXYZ.png');
    expect(idFileDownloadName(9, 'PDF_A4', ['LT-2345-WXYZ', 'LT-2345-WXY2'])).toBe(
      'lumitrack-labels-9-2-a4.pdf',
    );
  });

  it('fits every label inside its page, without overlap', () => {
    for (const sheet of Object.values(LABEL_SHEETS)) {
      const n = labelsPerSheet(sheet);
      const last = labelSlot(sheet, n - 1);
      expect(last.page).toBe(0);
      expect(last.xMm + sheet.labelWidthMm).toBeLessThanOrEqual(sheet.pageWidthMm + 1e-9);
      expect(last.yMm + sheet.labelHeightMm).toBeLessThanOrEqual(sheet.pageHeightMm + 1e-9);
      expect(sheet.pitchXMm).toBeGreaterThanOrEqual(sheet.labelWidthMm);
      expect(sheet.pitchYMm).toBeGreaterThanOrEqual(sheet.labelHeightMm);
      expect(labelSlot(sheet, n)).toEqual({ page: 1, xMm: sheet.marginLeftMm, yMm: sheet.marginTopMm });
    }
    expect(labelsPerSheet(LABEL_SHEETS.PDF_A4)).toBe(21);
    expect(labelsPerSheet(LABEL_SHEETS.PDF_LETTER)).toBe(30);
    // The grids are centred on their pages.
    const a4 = LABEL_SHEETS.PDF_A4;
    const right = a4.pageWidthMm - (labelSlot(a4, 2).xMm + a4.labelWidthMm);
    expect(right).toBeCloseTo(a4.marginLeftMm, 1);
  });
});
