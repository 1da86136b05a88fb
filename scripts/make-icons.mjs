// Makes the web app's PNG icons (apps/web/public/icons/) from apps/web/public/favicon.svg, drawn by Debian's
// Chromium through playwright-core (already a dev dependency; no image library to install). The PNGs are
// committed: run this again only when the favicon changes: `node scripts/make-icons.mjs`.
//
// - icon-192.png, icon-512.png: the favicon as it is (rounded corners, transparent outside them);
// - icon-maskable-512.png: purpose "maskable": the background fills the square and the pulse line sits
//   inside the central safe circle (radius 40%), so any mask shape (circle, squircle) keeps it whole;
// - apple-touch-icon.png (180): the full square too (iOS rounds the corners itself).
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = join(root, 'apps/web/public');
const outDir = join(publicDir, 'icons');
const favicon = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');

const background = /<rect[^>]*fill="([^"]+)"/.exec(favicon)?.[1];
const line = /<path[^>]*\/>/.exec(favicon)?.[0];
if (!background || !line) throw new Error('favicon.svg: expected one <rect fill> and one <path>');

/** The favicon's line on a full square, scaled to 70% about the centre (inside the maskable safe circle). */
const fullSquare = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/>` +
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${line}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: fullSquare(0.7) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullSquare(0.8) },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}img{display:block}</style>` +
        `<img src="${src}" width="${size}" height="${size}" alt="">`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: join(outDir, file), omitBackground: true });
    await page.close();
    console.log(`apps/web/public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
