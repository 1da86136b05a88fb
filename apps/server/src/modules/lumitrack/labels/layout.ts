/**
 * Where the parts of one label go, in the label's own units (PDF points or PNG pixels) from its top-left
 * corner (docs/decisions/lumitrack-labels.md): the code centred at the top, as large as the label allows
 * with a one-module margin inside it, then the ID in bold, then the company name.
 */
export interface LabelLayout {
  /** the code's top-left corner and its module size (whole pixels in a PNG: crisp edges) */
  qrX: number;
  qrY: number;
  module: number;
  /** baselines and sizes of the two lines of text, centred */
  idY: number;
  idSize: number;
  nameY: number;
  nameSize: number;
  /** the width text may take */
  textWidth: number;
}

/**
 * The layout of a label `width` x `height` (`unitsPerMm` of them per millimetre) for a code of `modules`
 * modules. `wholeModules` rounds the module size down to whole units (pixels).
 */
export function labelLayout(o: {
  width: number;
  height: number;
  unitsPerMm: number;
  modules: number;
  wholeModules?: boolean;
}): LabelLayout {
  const mm = o.unitsPerMm;
  const heightMm = o.height / mm;
  const pad = 1.5 * mm;
  // Text sizes follow the label's height: 10 pt on a 38.1 mm label, about 7.4 pt on a 1 in label.
  const pt = mm * (25.4 / 72);
  const idSize = Math.min(10, 0.29 * heightMm) * pt;
  const nameSize = idSize * 0.72;
  const gap = 0.4 * mm;
  const idLine = idSize * 1.1;
  const nameLine = nameSize * 1.2;
  const qrBox = Math.min(o.width - 2 * pad, o.height - 2 * pad - gap - idLine - nameLine);
  // One module of margin on each side inside the box; the label's padding adds to it.
  let module = qrBox / (o.modules + 2);
  if (o.wholeModules) module = Math.max(1, Math.floor(module));
  const qrSize = module * o.modules;
  const qrX = (o.width - qrSize) / 2;
  const qrY = pad + module;
  const textTop = qrY + qrSize + module + gap;
  return {
    qrX: o.wholeModules ? Math.round(qrX) : qrX,
    qrY: o.wholeModules ? Math.round(qrY) : qrY,
    module,
    idY: textTop + idSize * 0.9,
    idSize,
    nameY: textTop + idLine + nameSize * 0.95,
    nameSize,
    textWidth: o.width - 2 * pad,
  };
}
