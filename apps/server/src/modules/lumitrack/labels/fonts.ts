import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The label fonts: DejaVu Sans (the `dejavu-fonts-ttf` package), embedded in PDFs and drawn into PNGs, so a
 * company name in any script prints alike on every machine, with no system font needed.
 */
export const LABEL_FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;
