import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { PNG_LABEL } from '@sitepulse/domain';
import { PNG } from 'pngjs';
import * as PImage from 'pureimage';
import { LABEL_FONTS } from './fonts.ts';
import { labelLayout } from './layout.ts';
import { fitText } from './pdf.ts';
import { qrMatrix } from './qr.ts';

const REGULAR = 'LumitrackLabel';
const BOLD = 'LumitrackLabelBold';
let fontsLoaded = false;
function loadFonts(): void {
  if (fontsLoaded) return;
  PImage.registerFont(LABEL_FONTS.regular, REGULAR).loadSync();
  PImage.registerFont(LABEL_FONTS.bold, BOLD).loadSync();
  fontsLoaded = true;
}

/** Pixels per millimetre of a PNG label (PNG_LABEL.dpi). */
const PX_PER_MM = PNG_LABEL.dpi / 25.4;

/** A PNG chunk: length, type, data and the CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The PNG with a pHYs chunk saying its resolution (PNG_LABEL.dpi), placed after IHDR as the format wants:
 * printed at "actual size", the label comes out 63.5 x 38.1 mm.
 */
export function withResolution(png: Buffer, dpi: number): Buffer {
  const ihdrEnd = 8 + 8 + 13 + 4;
  if (png.subarray(12, 16).toString('ascii') !== 'IHDR') throw new Error('not a PNG');
  const data = Buffer.alloc(9);
  const perMetre = Math.round(dpi / 0.0254);
  data.writeUInt32BE(perMetre, 0);
  data.writeUInt32BE(perMetre, 4);
  data.writeUInt8(1, 8); // the unit is the metre
  return Buffer.concat([png.subarray(0, ihdrEnd), chunk('pHYs', data), png.subarray(ihdrEnd)]);
}

/** The bitmap as an 8-bit greyscale PNG (pngjs: several times faster than pureimage's own encoder). */
function encode(bitmap: PImage.Bitmap): Buffer {
  const png = new PNG({ width: bitmap.width, height: bitmap.height });
  png.data = Buffer.from(bitmap.data.buffer, bitmap.data.byteOffset, bitmap.data.byteLength);
  return PNG.sync.write(png, { colorType: 0, inputColorType: 6 });
}

/**
 * One label as a PNG (docs/decisions/lumitrack-labels.md): 63.5 x 38.1 mm at 300 dpi (750 x 450 pixels),
 * the QR code in whole pixels per module, the ID in text under it and the company name.
 */
export async function labelPng(lumitrackId: string, companyName: string): Promise<Buffer> {
  loadFonts();
  const width = Math.round(PNG_LABEL.widthMm * PX_PER_MM);
  const height = Math.round(PNG_LABEL.heightMm * PX_PER_MM);
  const img = PImage.make(width, height);
  const ctx = img.getContext('2d');
  img.data.fill(255); // white, opaque
  const qr = qrMatrix(lumitrackId);
  const at = labelLayout({ width, height, unitsPerMm: PX_PER_MM, modules: qr.size, wholeModules: true });
  // The modules straight into the pixels (RGBA): black, opaque.
  const data = img.data;
  for (let row = 0; row < qr.size; row++) {
    for (let col = 0; col < qr.size; col++) {
      if (!qr.dark(col, row)) continue;
      for (let dy = 0; dy < at.module; dy++) {
        const y = at.qrY + row * at.module + dy;
        const start = (y * width + at.qrX + col * at.module) * 4;
        for (let dx = 0; dx < at.module; dx++) {
          const i = start + dx * 4;
          data[i] = 0;
          data[i + 1] = 0;
          data[i + 2] = 0;
          data[i + 3] = 255;
        }
      }
    }
  }
  ctx.fillStyle = '#000000';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.font = `${Math.round(at.idSize)} ${BOLD}`;
  ctx.fillText(lumitrackId, width / 2, at.idY);
  ctx.font = `${Math.round(at.nameSize)} ${REGULAR}`;
  const name = fitText(companyName, (s) => ctx.measureText(s).width, at.textWidth);
  ctx.fillText(name, width / 2, at.nameY);
  return withResolution(encode(img), PNG_LABEL.dpi);
}

/** labelPng as a stream. */
export async function labelPngStream(lumitrackId: string, companyName: string): Promise<Readable> {
  return Readable.from([await labelPng(lumitrackId, companyName)]);
}
