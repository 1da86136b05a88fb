/**
 * Reading a QR label from the phone's camera (docs/decisions/material-tracking.md): the browser's own
 * BarcodeDetector where it has one (Chrome on Android and macOS, Safari 17+), else each frame decoded with
 * jsQR, fetched only when first needed.
 */

/** The part of the BarcodeDetector API used here (not in TypeScript's DOM types yet). */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/** The browser's QR detector, or null when it has none (then frames go through jsQR). */
export async function nativeQrDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/** The text of a QR code in an RGBA image (a camera frame drawn on a canvas), or null when none reads. */
export async function decodeQrImage(
  data: Uint8ClampedArray,
  width: number,
  height: number,
): Promise<string | null> {
  const { default: jsQR } = await import('jsqr');
  const code = jsQR(data, width, height, { inversionAttempts: 'attemptBoth' });
  return code?.data ? code.data : null;
}
