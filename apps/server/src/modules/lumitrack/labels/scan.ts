/**
 * Test helpers (the tests of labels and of the Lumitrack calls): read generated labels back as a person's
 * scanner would. PNGs are decoded with jsQR; PDFs are rendered by poppler's pdftoppm (poppler-utils) and
 * each label slot of each page is decoded on its own. A code that does not scan reads as null.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { LABEL_SHEETS, type LabelSheet, labelSlot, labelsPerSheet } from '@sitepulse/domain';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

const run = promisify(execFile);

/** The text of the QR code in a region of a decoded PNG (the whole image by default), or null. */
export function scanRegion(
  png: PNG,
  region: { x: number; y: number; width: number; height: number } = {
    x: 0,
    y: 0,
    width: png.width,
    height: png.height,
  },
): string | null {
  const x0 = Math.max(0, Math.floor(region.x));
  const y0 = Math.max(0, Math.floor(region.y));
  const w = Math.min(png.width - x0, Math.ceil(region.width));
  const h = Math.min(png.height - y0, Math.ceil(region.height));
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    const from = ((y0 + y) * png.width + x0) * 4;
    data.set(png.data.subarray(from, from + w * 4), y * w * 4);
  }
  return jsQR(data, w, h, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/** The QR code of a PNG file, or null. */
export function scanPng(bytes: Buffer): string | null {
  return scanRegion(PNG.sync.read(bytes));
}

/** The resolution a PNG's pHYs chunk gives, in dots per inch (null without one). */
export function pngDpi(bytes: Buffer): number | null {
  const at = bytes.indexOf('pHYs', 8, 'ascii');
  if (at < 0) return null;
  const perMetre = bytes.readUInt32BE(at + 4);
  return bytes.readUInt8(at + 12) === 1 ? Math.round(perMetre * 0.0254) : null;
}

/** Renders every page of a PDF to PNG with pdftoppm at `dpi`. */
export async function renderPdf(pdf: Buffer, dpi: number): Promise<PNG[]> {
  const dir = await mkdtemp(join(tmpdir(), 'sitepulse-labels-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', ['-r', String(dpi), '-png', join(dir, 'in.pdf'), join(dir, 'page')]);
    const pages = (await readdir(dir)).filter((f) => f.startsWith('page')).sort();
    // Awaited here: the finally below removes the folder, which must wait until every page is read.
    return await Promise.all(pages.map(async (f) => PNG.sync.read(await readFile(join(dir, f)))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF (pdftotext, in reading order). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sitepulse-labels-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    const { stdout } = await run('pdftotext', ['-layout', join(dir, 'in.pdf'), '-']);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Scans a PDF of label sheets slot by slot (each slot's rectangle of the sheet's grid, rendered at
 * `dpi`): the text of each slot's code in label order, null for a slot whose code does not scan, up to
 * the last slot of the last page. Also answers each page's size in millimetres as rendered.
 */
export async function scanSheets(
  pdf: Buffer,
  format: LabelSheet['format'],
  dpi = 150,
): Promise<{ codes: (string | null)[]; pagesMm: { width: number; height: number }[] }> {
  const sheet = LABEL_SHEETS[format];
  const pages = await renderPdf(pdf, dpi);
  const pxPerMm = dpi / 25.4;
  const codes: (string | null)[] = [];
  for (let i = 0; i < pages.length * labelsPerSheet(sheet); i++) {
    const slot = labelSlot(sheet, i);
    codes.push(
      scanRegion(pages[slot.page], {
        x: slot.xMm * pxPerMm,
        y: slot.yMm * pxPerMm,
        width: sheet.labelWidthMm * pxPerMm,
        height: sheet.labelHeightMm * pxPerMm,
      }),
    );
  }
  return {
    codes,
    pagesMm: pages.map((p) => ({ width: p.width / pxPerMm, height: p.height / pxPerMm })),
  };
}
