// Renders the one vector icon (assets/icon.svg) into the PNG sizes the manifests name (public/icon/<size>.png).
// Usage: npm run icons. The PNGs are committed, so a build (and a reviewer's rebuild) needs no renderer;
// tests/release/icons.test.ts renders again and fails when a PNG no longer matches the SVG.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';

export const ICON_SVG = 'assets/icon.svg';
export const ICON_SIZES = [16, 32, 48, 96, 128] as const;

export function renderIcon(svg: string, size: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size }, shapeRendering: 2 }).render().asPng();
}

export function iconPath(root: string, size: number): string {
  return join(root, 'public', 'icon', `${size}.png`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const svg = readFileSync(ICON_SVG, 'utf8');
  for (const size of ICON_SIZES) writeFileSync(iconPath('.', size), renderIcon(svg, size));
  console.log(`Wrote ${ICON_SIZES.map((s) => `public/icon/${s}.png`).join(', ')}`);
}
