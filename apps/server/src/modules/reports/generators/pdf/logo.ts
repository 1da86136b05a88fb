import { type Doc, FONT, printable } from './document.ts';

/** A company logo as stored (company_asset LOGO_IMG: base64 and its MIME type). */
export interface StoredLogo {
  binVal: string;
  mimeType: string;
}

const attrsOf = (text: string): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)) out[m[1]] = m[2];
  return out;
};
const num = (v: string | undefined, d = 0) => {
  const n = Number.parseFloat(v ?? '');
  return Number.isFinite(n) ? n : d;
};
const COLOR = /^(#[0-9a-f]{3}|#[0-9a-f]{6}|[a-z]{3,20})$/i;

/**
 * Draws an SVG logo made of the shapes logos are usually drawn with (rect, circle, ellipse, polygon,
 * path, text) as vectors, scaled into the box. Answers false for anything it cannot draw (gradients,
 * images, transforms), so the caller shows the company name instead of a wrong logo.
 */
function drawSvg(doc: Doc, svg: string, x: number, y: number, size: number): boolean {
  const root = /<svg\b([^>]*)>/i.exec(svg);
  if (!root || /<(image|linearGradient|radialGradient|use|pattern|mask|filter)\b|transform=/i.test(svg))
    return false;
  const ra = attrsOf(root[1]);
  const vb = (ra.viewBox ?? '').split(/[\s,]+/).map(Number);
  const [vx, vy, vw, vh] =
    vb.length === 4 && vb.every(Number.isFinite) ? vb : [0, 0, num(ra.width, 100), num(ra.height, 100)];
  if (!(vw > 0 && vh > 0)) return false;
  const scale = size / Math.max(vw, vh);
  const shapes = [
    ...svg.matchAll(/<(rect|circle|ellipse|polygon|path|text)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/gi),
  ];
  if (shapes.length === 0) return false;
  doc.save();
  try {
    doc
      .translate(x + (size - vw * scale) / 2, y + (size - vh * scale) / 2)
      .scale(scale)
      .translate(-vx, -vy);
    drawShapes(doc, shapes);
  } finally {
    doc.restore();
  }
  return true;
}

function drawShapes(doc: Doc, shapes: RegExpExecArray[]): void {
  for (const [, tag, rawAttrs, body] of shapes) {
    const a = attrsOf(rawAttrs);
    const fill = a.fill ?? '#000000';
    if (fill === 'none' || !COLOR.test(fill)) continue;
    doc.fillColor(fill);
    switch (tag.toLowerCase()) {
      case 'rect': {
        const r = num(a.rx, num(a.ry));
        if (r > 0) doc.roundedRect(num(a.x), num(a.y), num(a.width), num(a.height), r).fill();
        else doc.rect(num(a.x), num(a.y), num(a.width), num(a.height)).fill();
        break;
      }
      case 'circle':
        doc.circle(num(a.cx), num(a.cy), num(a.r)).fill();
        break;
      case 'ellipse':
        doc.ellipse(num(a.cx), num(a.cy), num(a.rx), num(a.ry)).fill();
        break;
      case 'polygon': {
        const p = (a.points ?? '')
          .trim()
          .split(/[\s,]+/)
          .map(Number);
        if (p.length >= 6 && p.every(Number.isFinite)) {
          const pts: [number, number][] = [];
          for (let i = 0; i + 1 < p.length; i += 2) pts.push([p[i], p[i + 1]]);
          doc.polygon(...pts).fill();
        }
        break;
      }
      case 'path':
        if (a.d) doc.path(a.d).fill();
        break;
      case 'text': {
        const text = printable((body ?? '').replace(/<[^>]*>/g, '').trim());
        const fontSize = num(a['font-size'], 16);
        doc.font(/bold|[6-9]00/i.test(a['font-weight'] ?? '') ? FONT.bold : FONT.regular).fontSize(fontSize);
        const w = doc.widthOfString(text);
        const anchor = a['text-anchor'];
        const tx = num(a.x) - (anchor === 'middle' ? w / 2 : anchor === 'end' ? w : 0);
        // SVG places text by its baseline, PDFKit by its top.
        doc.text(text, tx, num(a.y) - fontSize * 0.8, { lineBreak: false });
        break;
      }
    }
  }
}

/** Draws the logo in a size × size box; false when there is none or it cannot be drawn. */
export function drawLogo(doc: Doc, logo: StoredLogo | null, x: number, y: number, size: number): boolean {
  if (!logo) return false;
  try {
    const bytes = Buffer.from(logo.binVal, 'base64');
    const type = logo.mimeType.toLowerCase();
    if (type.includes('svg')) return drawSvg(doc, bytes.toString('utf8'), x, y, size);
    if (type === 'image/png' || type === 'image/jpeg' || type === 'image/jpg') {
      doc.image(bytes, x, y, { fit: [size, size], align: 'center', valign: 'center' });
      return true;
    }
  } catch {
    // A logo that does not decode leaves the company name alone in the header.
  }
  return false;
}
