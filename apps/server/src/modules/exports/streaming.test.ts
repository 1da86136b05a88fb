import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type Cell, type ExportPlan, openExport } from './service.ts';

/** A plan of `pages` pages of `rows` rows, counting how many pages the writer has pulled. */
function plan(PAGES: number, ROWS: number) {
  const state = { pulled: 0 };
  const p: ExportPlan = {
    filename: 'x.csv',
    sheetName: 'Rows',
    header: ['Sensor ID', 'Time', 'Value'],
    async *pages() {
      for (let i = 0; i < PAGES; i++) {
        state.pulled += 1;
        const page: Cell[][] = [];
        for (let j = 0; j < ROWS; j++) page.push([i, `2025-01-01 12:00:00 AM #${j}`, i * ROWS + j + 0.5]);
        yield page;
      }
    },
  };
  return { p, state };
}

const ticks = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 5));
};

async function drain(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  return Buffer.concat(chunks);
}

describe('export streams', () => {
  it('CSV: reads pages only as fast as the client takes the file', async () => {
    const [PAGES, ROWS] = [400, 2000];
    const { p, state } = plan(PAGES, ROWS);
    const { body } = openExport(p, 'csv');
    await ticks(40);
    // Nobody reads: the writer stopped after a page or two of the 400.
    expect(state.pulled).toBeLessThanOrEqual(3);
    const text = (await drain(body)).toString('utf8');
    expect(state.pulled).toBe(PAGES);
    const lines = text.split('\n').filter(Boolean);
    expect(lines).toHaveLength(PAGES * ROWS + 1);
    expect(lines.at(-1)).toBe(`${PAGES - 1},2025-01-01 12:00:00 AM #${ROWS - 1},${PAGES * ROWS - 0.5}`);
  });

  it('Excel: waits for the client too, and the workbook holds every row', async () => {
    const [PAGES, ROWS] = [100, 1000];
    const { p, state } = plan(PAGES, ROWS);
    const { body } = openExport(p, 'xlsx');
    await ticks(60);
    expect(state.pulled).toBeGreaterThan(0);
    expect(state.pulled).toBeLessThan(PAGES / 3);
    const file = await drain(body);
    expect(state.pulled).toBe(PAGES);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('Rows');
    expect(ws.rowCount).toBe(PAGES * ROWS + 1);
    expect(ws.getRow(PAGES * ROWS + 1).values).toEqual([
      undefined,
      PAGES - 1,
      `2025-01-01 12:00:00 AM #${ROWS - 1}`,
      PAGES * ROWS - 0.5,
    ]);
  });

  it('stops reading when the client goes away', async () => {
    const PAGES = 400;
    const { p, state } = plan(PAGES, 2000);
    const { body } = openExport(p, 'csv');
    await ticks(10);
    body.destroy();
    await ticks(20);
    const seen = state.pulled;
    await ticks(20);
    expect(state.pulled).toBe(seen);
    expect(seen).toBeLessThan(PAGES);
  });
});
