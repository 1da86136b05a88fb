import type { Readable } from 'node:stream';
import { LABEL_SHEETS, type LabelSheet, labelSlot } from '@sitepulse/domain';
import PDFDocument from 'pdfkit';
import { LABEL_FONTS } from './fonts.ts';
import { labelLayout } from './layout.ts';
import { qrMatrix } from './qr.ts';

/** Points per millimetre (PDF user space is 1/72 in). */
const PT_PER_MM = 72 / 25.4;

/**
 * One PDF of label sheets (A4 or Letter, docs/decisions/lumitrack-labels.md): each ID's label in its slot,
 * row by row, as many pages as needed, drawn to true size (print at 100 %, "actual size"). Each label
 * holds the ID's QR code, the ID in text under it and the company name. Answers the PDF as a stream; the
 * pages are drawn while it streams out, giving way to other work after each page, until `signal` aborts.
 */
export function labelSheetsPdf(o: {
  format: LabelSheet['format'];
  lumitrackIds: readonly string[];
  companyName: string;
  signal?: AbortSignal;
}): Readable {
  const sheet = LABEL_SHEETS[o.format];
  const doc = new PDFDocument({
    size: [sheet.pageWidthMm * PT_PER_MM, sheet.pageHeightMm * PT_PER_MM],
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'Lumitrack ID labels', Author: o.companyName, Subject: sheet.stock },
  });
  doc.registerFont('label', LABEL_FONTS.regular);
  doc.registerFont('label-bold', LABEL_FONTS.bold);
  const width = sheet.labelWidthMm * PT_PER_MM;
  const height = sheet.labelHeightMm * PT_PER_MM;

  function draw(lumitrackId: string, xMm: number, yMm: number): void {
    const x = xMm * PT_PER_MM;
    const y = yMm * PT_PER_MM;
    const qr = qrMatrix(lumitrackId);
    const at = labelLayout({ width, height, unitsPerMm: PT_PER_MM, modules: qr.size });
    // The dark modules, each row's runs as one rectangle, filled at once (no seams between them).
    for (let row = 0; row < qr.size; row++) {
      for (const [col, run] of qr.runs(row)) {
        doc.rect(x + at.qrX + col * at.module, y + at.qrY + row * at.module, run * at.module, at.module);
      }
    }
    doc.fillColor('#000000').fill();
    const text = {
      width: at.textWidth,
      align: 'center' as const,
      lineBreak: false,
      baseline: 'alphabetic' as const,
    };
    const left = x + (width - at.textWidth) / 2;
    doc.font('label-bold').fontSize(at.idSize);
    doc.text(lumitrackId, left, y + at.idY, text);
    doc.font('label').fontSize(at.nameSize);
    doc.text(
      fitText(o.companyName, (s) => doc.widthOfString(s), at.textWidth),
      left,
      y + at.nameY,
      text,
    );
  }

  void (async () => {
    try {
      let page = -1;
      for (const [i, lumitrackId] of o.lumitrackIds.entries()) {
        const slot = labelSlot(sheet, i);
        if (slot.page !== page) {
          if (page >= 0) await new Promise((r) => setImmediate(r));
          o.signal?.throwIfAborted();
          doc.addPage();
          page = slot.page;
        }
        draw(lumitrackId, slot.xMm, slot.yMm);
      }
      doc.end();
    } catch (err) {
      doc.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  })();
  return doc;
}

/** The text, cut with an ellipsis until `measure` says it fits `width`. */
export function fitText(text: string, measure: (s: string) => number, width: number): string {
  if (measure(text) <= width) return text;
  const chars = [...text];
  while (chars.length > 1 && measure(`${chars.join('').trimEnd()}…`) > width) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}
