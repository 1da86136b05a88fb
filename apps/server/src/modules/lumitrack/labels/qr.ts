import QRCode from 'qrcode';

/** The error correction of every label code: Q (a quarter of the code may be scuffed and it still reads). */
export const LABEL_QR_ERROR_CORRECTION = 'Q';

/** A QR code as its dark modules: `size` x `size`, read with dark(x, y). */
export interface QrMatrix {
  size: number;
  dark(x: number, y: number): boolean;
  /** Each row's runs of dark modules, as [first column, length]: drawn as one rectangle each. */
  runs(y: number): [number, number][];
}

/** The QR code of a text (an ID: version 1, 21 modules, in alphanumeric mode). */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: LABEL_QR_ERROR_CORRECTION });
  const size = modules.size;
  const dark = (x: number, y: number) => !!modules.get(y, x);
  return {
    size,
    dark,
    runs(y) {
      const out: [number, number][] = [];
      let x = 0;
      while (x < size) {
        if (!dark(x, y)) {
          x++;
          continue;
        }
        const start = x;
        while (x < size && dark(x, y)) x++;
        out.push([start, x - start]);
      }
      return out;
    },
  };
}
