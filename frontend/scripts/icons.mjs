// Renders the app icons (public/icons/*.png) from their SVG sources with Debian's Chromium, so
// the PNGs the web app manifest and iOS ask for are reproducible: `node scripts/icons.mjs`.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const ICONS = resolve(import.meta.dirname, '../public/icons');
/** @type {[svg: string, png: string, size: number][]} source SVG, output PNG, size in px */
const OUTPUTS = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['icon-maskable.svg', 'icon-maskable-512.png', 512],
  // iOS draws its own rounded corners and ignores transparency: the full-bleed version.
  ['icon-maskable.svg', 'apple-touch-icon.png', 180],
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const [svg, png, size] of OUTPUTS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const source = readFileSync(join(ICONS, svg), 'utf8').replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${source}`);
    await page.screenshot({ path: join(ICONS, png), omitBackground: true });
    await page.close();
    console.log(`${png} ${size}x${size}`);
  }
} finally {
  await browser.close();
}
