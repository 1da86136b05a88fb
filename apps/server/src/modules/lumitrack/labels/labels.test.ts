import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  LABEL_SHEETS,
  LUMITRACK_ID_SYMBOLS,
  labelsPerSheet,
  lumitrackIdFromBytes,
  PNG_LABEL,
} from '@sitepulse/domain';
import JSZip from 'jszip';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { labelFile } from './index.ts';
import { labelPng } from './png.ts';
import { pdfText, pngDpi, scanPng, scanSheets } from './scan.ts';

const bytesOf = async (s: Readable): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  return Buffer.concat(parts);
};
const newIds = (n: number) =>
  Array.from({ length: n }, () => lumitrackIdFromBytes(randomBytes(LUMITRACK_ID_SYMBOLS)));

describe('QR labels scan back to their IDs', () => {
  it('a PNG label: 63.5 x 38.1 mm at 300 dpi, its code scans to its ID', async () => {
    for (const id of newIds(3)) {
      const png = await labelPng(id, 'Demo Construction');
      expect(scanPng(png), id).toBe(id);
      expect(pngDpi(png)).toBe(PNG_LABEL.dpi);
      const { width, height } = PNG.sync.read(png);
      expect(width).toBe(750);
      expect(height).toBe(450);
    }
  });

  it('PNG of several IDs: a zip of one scanning PNG per ID, named after it', async () => {
    const ids = newIds(4);
    const zip = await JSZip.loadAsync(
      await bytesOf(await labelFile({ format: 'PNG', lumitrackIds: ids, companyName: 'Acme' })),
    );
    expect(Object.keys(zip.files).sort()).toEqual(ids.map((id) => `${id}.png`).sort());
    for (const id of ids) {
      const png = await zip.file(`${id}.png`)?.async('nodebuffer');
      expect(png && scanPng(png), id).toBe(id);
    }
  });

  for (const format of ['PDF_A4', 'PDF_LETTER'] as const) {
    it(`${format}: every code of every sheet scans to its ID, in its slot, on true-size pages`, async () => {
      const sheet = LABEL_SHEETS[format];
      // A full sheet and part of a second.
      const ids = newIds(labelsPerSheet(sheet) + 4);
      const pdf = await bytesOf(
        await labelFile({ format, lumitrackIds: ids, companyName: 'Construcciones Núñez & Hijos' }),
      );
      const { codes, pagesMm } = await scanSheets(pdf, format);
      expect(pagesMm).toHaveLength(2);
      for (const p of pagesMm) {
        expect(p.width).toBeCloseTo(sheet.pageWidthMm, 0);
        expect(p.height).toBeCloseTo(sheet.pageHeightMm, 0);
      }
      expect(codes.slice(0, ids.length)).toEqual(ids);
      // The slots after the last label are empty.
      expect(codes.slice(ids.length).every((c) => c === null)).toBe(true);
      const text = await pdfText(pdf);
      for (const id of ids) expect(text).toContain(id);
      expect(text).toContain('Construcciones Núñez & Hijos');
    });
  }

  it('cuts a company name too long for the label with an ellipsis, and the code still scans', async () => {
    const [id] = newIds(1);
    const name = 'The Very Long Name of a Precast Concrete Company and Its Many Subsidiaries Ltd';
    const pdf = await bytesOf(
      await labelFile({ format: 'PDF_LETTER', lumitrackIds: [id], companyName: name }),
    );
    const { codes } = await scanSheets(pdf, 'PDF_LETTER');
    expect(codes[0]).toBe(id);
    const text = await pdfText(pdf);
    expect(text).toContain('…');
    expect(text).not.toContain('Subsidiaries Ltd');
    expect(scanPng(await labelPng(id, name))).toBe(id);
  });

  it('stops making a PDF when aborted', async () => {
    const control = new AbortController();
    control.abort(new Error('stop'));
    const stream = await labelFile({
      format: 'PDF_A4',
      lumitrackIds: newIds(60),
      companyName: 'Acme',
      signal: control.signal,
    });
    await expect(bytesOf(stream)).rejects.toThrow();
  });
});
