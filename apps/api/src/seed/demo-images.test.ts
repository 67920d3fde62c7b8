import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PRODUCT_KINDS } from '@meltway/shared/catalogue/limits';
import { pictureSubject, productPicture, type PictureSubject } from './demo-images.js';
import { DEMO_PRODUCTS } from './seed-catalogue.js';

/** What each demo product's name says it is. */
const NAMED: [RegExp, PictureSubject][] = [
  [/^Snowmelt Mat /, 'mat'],
  [/^Snowmelt Cable /, 'cable'],
  [/Timer Controller/, 'timer'],
  [/Thermostat Controller/, 'thermostat'],
  [/Automatic Snow Controller/, 'snowController'],
  [/Contactor Panel/, 'contactorPanel'],
  [/Aerial Snow and Ice Sensor/, 'aerialSensor'],
  [/In-Pavement Snow Sensor/, 'pavementSensor'],
  [/GFEP Breaker/, 'breaker'],
  [/Junction Box/, 'junctionBox'],
  [/Mounting Tape/, 'tape'],
  [/Warning Sign/, 'sign'],
  [/Sensor Housing/, 'housing'],
];

/** The RGB pixels of one of productPicture's PNGs: 8-bit RGB, one IDAT chunk, no row filters. */
function pixels(png: Buffer) {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idat = png.indexOf('IDAT');
  const rows = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
  const at = (x: number, y: number) => [...rows.subarray(y * (width * 3 + 1) + 1 + x * 3, y * (width * 3 + 1) + 4 + x * 3)].join(',');
  return { width, height, at };
}

describe('demo pictures', () => {
  it('draw each demo product as what its name says, on the place the catalogue seeds it from', () => {
    DEMO_PRODUCTS.forEach((product, i) => {
      const named = NAMED.find(([pattern]) => pattern.test(product.name));
      expect(named, product.name).toBeDefined();
      for (let n = 0; n < (product.images ?? 1); n++) expect(pictureSubject(product.kind, i + n), product.name).toBe(named![1]);
    });
  });

  it('sit on one plain background, with no lighter band along the bottom of the frame', () => {
    const pictures = [...PRODUCT_KINDS.flatMap((kind) => [0, 3].map((variant) => [kind, variant] as const)), ...DEMO_PRODUCTS.map((p, i) => [p.kind, i] as const)];
    for (const [kind, variant] of pictures) {
      const { width, height, at } = pixels(productPicture(kind, variant));
      expect([width, height]).toEqual([480, 360]);
      const background = at(0, 0);
      for (const x of [0, 20, width - 20, width - 1]) expect(at(x, height - 1), `${kind} ${variant} at ${x}`).toBe(background);
    }
  });
});
