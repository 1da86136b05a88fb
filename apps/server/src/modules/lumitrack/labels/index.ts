import type { Readable } from 'node:stream';
import { idFileType, type QrFormat } from '@sitepulse/domain';
import { labelSheetsPdf } from './pdf.ts';
import { labelPngStream } from './png.ts';
import { labelPngZip } from './zip.ts';

/**
 * The label file of an ID file request: a PDF of label sheets (PDF_A4, PDF_LETTER), one PNG label (PNG,
 * one ID), or a zip of PNG labels (PNG, several IDs).
 */
export async function labelFile(o: {
  format: QrFormat;
  lumitrackIds: readonly string[];
  companyName: string;
  signal?: AbortSignal;
}): Promise<Readable> {
  const type = idFileType(o.format, o.lumitrackIds.length);
  if (o.format !== 'PNG') return labelSheetsPdf({ ...o, format: o.format });
  if (type === 'PNG') return labelPngStream(o.lumitrackIds[0], o.companyName);
  return labelPngZip(o);
}
