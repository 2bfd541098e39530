// The icon at every size comes from the one vector source: each committed PNG is what the SVG renders to.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ICON_SIZES, ICON_SVG, iconPath, renderIcon } from '../../scripts/icons';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

describe('the icon', () => {
  const svg = readFileSync(ICON_SVG, 'utf8');
  it.each(ICON_SIZES)('public/icon/%i.png is the SVG rendered at that size', (size) => {
    const committed = readFileSync(iconPath('.', size));
    expect(pngSize(committed)).toEqual([size, size]);
    expect(committed.equals(renderIcon(svg, size))).toBe(true);
  });
});
