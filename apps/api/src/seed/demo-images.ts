import { deflateSync } from 'node:zlib';
import type { ProductKind } from '@meltway/shared/catalogue/limits';

/**
 * Clean product illustrations for the demo catalogue, drawn in code and encoded as real PNGs,
 * so they pass the same byte check as any upload and the repository carries no binary files.
 */

type Rgb = readonly [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

class Canvas {
  readonly px: Uint8Array;
  constructor(
    readonly w: number,
    readonly h: number,
    bg: Rgb,
  ) {
    this.px = new Uint8Array(w * h * 3);
    this.rect(0, 0, w, h, bg);
  }

  set(x: number, y: number, c: Rgb) {
    if (x < 0 || y < 0 || x >= this.w || y >= this.h) return;
    const i = (Math.floor(y) * this.w + Math.floor(x)) * 3;
    this.px[i] = c[0];
    this.px[i + 1] = c[1];
    this.px[i + 2] = c[2];
  }

  rect(x: number, y: number, w: number, h: number, c: Rgb) {
    for (let j = Math.max(0, y); j < Math.min(this.h, y + h); j++) for (let i = Math.max(0, x); i < Math.min(this.w, x + w); i++) this.set(i, j, c);
  }

  disc(cx: number, cy: number, r: number, c: Rgb, inner = 0) {
    for (let y = cy - r; y <= cy + r; y++)
      for (let x = cx - r; x <= cx + r; x++) {
        const d = (x - cx) ** 2 + (y - cy) ** 2;
        if (d <= r * r && d >= inner * inner) this.set(x, y, c);
      }
  }

  /** A line `t` pixels thick. */
  line(x0: number, y0: number, x1: number, y1: number, t: number, c: Rgb) {
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
    for (let s = 0; s <= steps; s++) this.disc(Math.round(x0 + ((x1 - x0) * s) / steps), Math.round(y0 + ((y1 - y0) * s) / steps), t / 2, c);
  }

  png(): Buffer {
    const rows = Buffer.alloc((this.w * 3 + 1) * this.h);
    for (let y = 0; y < this.h; y++) {
      rows[y * (this.w * 3 + 1)] = 0;
      Buffer.from(this.px.buffer, this.px.byteOffset + y * this.w * 3, this.w * 3).copy(rows, y * (this.w * 3 + 1) + 1);
    }
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(this.w, 0);
    ihdr.writeUInt32BE(this.h, 4);
    ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(rows, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

const ICE: Rgb = [232, 242, 250];
const SNOW: Rgb = [248, 250, 252];
const SLATE: Rgb = [51, 65, 85];
const NAVY: Rgb = [30, 41, 59];
const EMBER: Rgb = [234, 88, 12];
const EMBER_LIGHT: Rgb = [251, 146, 60];
const STEEL: Rgb = [148, 163, 184];
const GREEN: Rgb = [22, 163, 74];

const W = 480;
const H = 360;

/** A serpentine heating run inside a box, the picture of both mats and cables. */
function serpentine(c: Canvas, x: number, y: number, w: number, h: number, loops: number, t: number, colour: Rgb) {
  const step = w / loops;
  for (let i = 0; i < loops; i++) {
    const lx = Math.round(x + step * i + step / 2);
    c.line(lx, y, lx, y + h, t, colour);
    const nx = Math.round(lx + step);
    if (i < loops - 1) c.line(lx, i % 2 ? y : y + h, nx, i % 2 ? y : y + h, t, colour);
  }
}

/** A demo illustration of a product of `kind`; `variant` shifts details so products differ. */
export function productPicture(kind: ProductKind, variant = 0): Buffer {
  const c = new Canvas(W, H, ICE);
  c.rect(0, H - 70, W, 70, SNOW);
  switch (kind) {
    case 'mat': {
      const len = 180 + (variant % 5) * 50;
      const x = Math.round((W - Math.min(len, 440)) / 2);
      c.rect(x, 110, Math.min(len, 440), 140, SLATE);
      serpentine(c, x + 10, 125, Math.min(len, 440) - 20, 110, 6 + (variant % 5) * 2, 6, EMBER);
      c.line(x, 180, x - 30, 300, 6, NAVY);
      break;
    }
    case 'cable': {
      for (let r = 120 - (variant % 3) * 10; r > 30; r -= 14) c.disc(240, 170, r, r % 28 ? EMBER : EMBER_LIGHT, r - 7);
      c.line(240, 170, 400, 320, 8, NAVY);
      break;
    }
    case 'controller': {
      c.rect(150, 70, 180, 230, NAVY);
      c.rect(170, 95, 140, 70, [14, 165, 233]);
      c.disc(200, 220, 18, variant % 2 ? GREEN : EMBER);
      c.disc(280, 220, 18, STEEL);
      c.rect(185, 265, 110, 12, STEEL);
      break;
    }
    case 'sensor': {
      c.disc(240, 180, 110, STEEL);
      c.disc(240, 180, 80, SLATE);
      c.disc(240, 180, 30, variant % 2 ? [14, 165, 233] : EMBER);
      c.line(240, 290, 240, 350, 8, NAVY);
      break;
    }
    case 'accessory': {
      c.rect(160, 100, 160, 160, variant % 2 ? STEEL : [250, 204, 21]);
      c.rect(175, 115, 130, 130, variant % 2 ? SLATE : [254, 240, 138]);
      c.line(200, 140, 280, 220, 10, variant % 2 ? EMBER : NAVY);
      c.line(280, 140, 200, 220, 10, variant % 2 ? EMBER : NAVY);
      break;
    }
  }
  return c.png();
}

const SKIN: readonly Rgb[] = [
  [241, 194, 155],
  [198, 134, 94],
];
const HAIR: readonly Rgb[] = [
  [40, 30, 25],
  [120, 72, 40],
];

/** A simple portrait for a demo author: head and shoulders on the ice background. */
export function authorPortrait(variant = 0): Buffer {
  const c = new Canvas(320, 320, ICE);
  const skin = SKIN[variant % SKIN.length]!;
  c.disc(160, 330, 120, variant % 2 ? SLATE : NAVY);
  c.rect(140, 190, 40, 40, skin);
  c.disc(160, 130, 70, HAIR[variant % HAIR.length]!);
  c.disc(160, 145, 60, skin);
  c.disc(138, 140, 6, NAVY);
  c.disc(182, 140, 6, NAVY);
  c.line(140, 175, 180, 175, 4, EMBER);
  return c.png();
}

/** A certification badge: a ribbon under a medal with a heated path across it. */
export function certificationBadge(variant = 0): Buffer {
  const c = new Canvas(320, 320, SNOW);
  c.line(120, 200, 90, 300, 26, variant % 2 ? [14, 165, 233] : EMBER);
  c.line(200, 200, 230, 300, 26, variant % 2 ? [14, 165, 233] : EMBER);
  c.disc(160, 140, 100, [250, 204, 21]);
  c.disc(160, 140, 80, NAVY);
  serpentine(c, 100, 100, 120, 80, 5, 6, EMBER_LIGHT);
  return c.png();
}
