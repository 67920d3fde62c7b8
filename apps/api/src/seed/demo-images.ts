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

  /** A rectangle with corners rounded to `r`. */
  roundRect(x: number, y: number, w: number, h: number, r: number, c: Rgb) {
    this.rect(x + r, y, w - 2 * r, h, c);
    this.rect(x, y + r, w, h - 2 * r, c);
    for (const [cx, cy] of [
      [x + r, y + r],
      [x + w - r - 1, y + r],
      [x + r, y + h - r - 1],
      [x + w - r - 1, y + h - r - 1],
    ] as const)
      this.disc(cx, cy, r, c);
  }

  /** A filled polygon (even-odd rule), sampled at pixel centres. */
  polygon(points: readonly (readonly [number, number])[], c: Rgb) {
    const ys = points.map(([, y]) => y);
    for (let y = Math.floor(Math.min(...ys)); y <= Math.ceil(Math.max(...ys)); y++) {
      const py = y + 0.5;
      const xs: number[] = [];
      points.forEach(([x0, y0], i) => {
        const [x1, y1] = points[(i + 1) % points.length]!;
        if (y0 <= py !== y1 <= py) xs.push(x0 + ((py - y0) * (x1 - x0)) / (y1 - y0));
      });
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) for (let x = Math.ceil(xs[k]! - 0.5); x < xs[k + 1]! - 0.5; x++) this.set(x, y, c);
    }
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

/** What a demo picture shows: one per product of the demo catalogue, and a few for the pages that picture a kind. */
export type PictureSubject =
  | 'mat'
  | 'cable'
  | 'timer'
  | 'thermostat'
  | 'snowController'
  | 'contactorPanel'
  | 'aerialSensor'
  | 'pavementSensor'
  | 'breaker'
  | 'junctionBox'
  | 'tape'
  | 'sign'
  | 'housing'
  | 'accessories';

/**
 * The demo catalogue (seed-catalogue.ts) asks for its products' pictures by kind and by the product's place in
 * DEMO_PRODUCTS; these places hold the controls, sensors and accessories, each drawn as itself. Other places
 * (categories, help articles, course covers) get the kind's usual picture. demo-images.test.ts checks the
 * places against the products' names.
 */
const CATALOGUE_SUBJECTS: Partial<Record<ProductKind, Record<number, PictureSubject>>> = {
  controller: { 16: 'timer', 17: 'thermostat', 18: 'snowController', 19: 'contactorPanel' },
  sensor: { 20: 'aerialSensor', 21: 'pavementSensor' },
  accessory: { 22: 'breaker', 23: 'breaker', 24: 'breaker', 25: 'breaker', 26: 'junctionBox', 27: 'tape', 28: 'sign', 29: 'housing' },
};
const USUAL_SUBJECT: Record<ProductKind, PictureSubject> = {
  mat: 'mat',
  cable: 'cable',
  controller: 'snowController',
  sensor: 'pavementSensor',
  accessory: 'accessories',
};

/** The subject of the picture `productPicture(kind, variant)` draws. */
export const pictureSubject = (kind: ProductKind, variant = 0): PictureSubject => CATALOGUE_SUBJECTS[kind]?.[variant] ?? USUAL_SUBJECT[kind];

const SKY: Rgb = [14, 165, 233];
const YELLOW: Rgb = [250, 204, 21];
const BRASS: Rgb = [202, 138, 4];
const BRASS_LIGHT: Rgb = [234, 179, 8];
const WHITE: Rgb = [255, 255, 255];
const PAVEMENT: Rgb = [203, 213, 225];

/** A snowflake: three crossed strokes. */
function snowflake(c: Canvas, x: number, y: number, r: number, colour: Rgb) {
  for (const a of [0, Math.PI / 3, (2 * Math.PI) / 3]) c.line(x - r * Math.cos(a), y - r * Math.sin(a), x + r * Math.cos(a), y + r * Math.sin(a), Math.max(2, r / 5), colour);
}

/** A wavy heating line, the code's symbol for a heated surface. */
function heatWave(c: Canvas, x: number, y: number, h: number, t: number, colour: Rgb) {
  for (let k = 0; k < h; k++) c.disc(x + Math.sin((k / h) * Math.PI * 2) * (h / 8), y + k, t / 2, colour);
}

/** A controller's enclosure: a navy box with a light face; `face` draws what it shows. */
function enclosure(c: Canvas, face: (x: number, y: number) => void) {
  c.roundRect(150, 50, 180, 260, 14, NAVY);
  c.roundRect(165, 65, 150, 230, 8, SLATE);
  face(165, 65);
  c.line(240, 310, 240, 340, 10, STEEL);
}

/** The junction box: a grey box, its lid's screws, cold leads entering through glands at the bottom. */
function junctionBox(c: Canvas, x: number, y: number, s: number) {
  c.roundRect(x, y, 160 * s, 130 * s, 12 * s, STEEL);
  c.roundRect(x + 10 * s, y + 10 * s, 140 * s, 110 * s, 8 * s, [226, 232, 240]);
  for (const [dx, dy] of [
    [22, 22],
    [138, 22],
    [22, 108],
    [138, 108],
  ] as const)
    c.disc(x + dx * s, y + dy * s, 6 * s, STEEL);
  for (const dx of [50, 110]) {
    c.rect(x + (dx - 12) * s, y + 130 * s, 24 * s, 16 * s, SLATE);
    c.line(x + dx * s, y + 146 * s, x + dx * s + (dx === 50 ? -30 : 30) * s, y + 200 * s, 7 * s, EMBER);
  }
  c.rect(x + 68 * s, y - 40 * s, 24 * s, 40 * s, SLATE);
}

/** The warning sign: yellow, a navy border, a triangle over the wavy heating lines. */
function warningSign(c: Canvas, x: number, y: number, s: number) {
  c.roundRect(x, y, 150 * s, 190 * s, 10 * s, NAVY);
  c.roundRect(x + 8 * s, y + 8 * s, 134 * s, 174 * s, 6 * s, YELLOW);
  c.polygon(
    [
      [x + 75 * s, y + 22 * s],
      [x + 130 * s, y + 112 * s],
      [x + 20 * s, y + 112 * s],
    ],
    NAVY,
  );
  c.polygon(
    [
      [x + 75 * s, y + 42 * s],
      [x + 114 * s, y + 103 * s],
      [x + 36 * s, y + 103 * s],
    ],
    YELLOW,
  );
  for (const dx of [60, 75, 90]) heatWave(c, x + dx * s, y + 58 * s, 38 * s, 4 * s, EMBER);
  for (const dy of [128, 146, 164]) c.rect(x + 24 * s, y + dy * s, 102 * s, 8 * s, NAVY);
}

/** A roll of mounting tape and a length of punched strapping unrolled from it. */
function tapeRoll(c: Canvas, x: number, y: number, s: number) {
  c.rect(x, y + 40 * s, 230 * s, 34 * s, STEEL);
  for (let k = 0; k < 7; k++) c.disc(x + (24 + k * 30) * s, y + 57 * s, 6 * s, ICE);
  c.disc(x, y + 57 * s, 72 * s, SLATE);
  c.disc(x, y + 57 * s, 62 * s, STEEL);
  c.disc(x, y + 57 * s, 30 * s, ICE);
  c.disc(x, y + 57 * s, 30 * s, SLATE, 24 * s);
}

/** A heating mat laid out, its serpentine of cable, its cold lead: longer with `variant`. */
function matPicture(c: Canvas, variant: number) {
  const len = Math.min(180 + (variant % 5) * 50, 400);
  const x = Math.round((W - len) / 2) + 10;
  c.rect(x, 110, len, 140, SLATE);
  serpentine(c, x + 10, 125, len - 20, 110, 6 + (variant % 5) * 2, 6, EMBER);
  c.line(x, 180, x - 30, 290, 6, NAVY);
}

/** A coil of heating cable and its cold lead. */
function cablePicture(c: Canvas, variant: number) {
  for (let r = 120 - (variant % 3) * 10; r > 30; r -= 14) c.disc(240, 180, r, r % 28 ? EMBER : EMBER_LIGHT, r - 7);
  c.line(240, 180, 390, 310, 8, NAVY);
}

/** A timer: a clock face on an enclosure, its button below. */
function timerPicture(c: Canvas) {
  enclosure(c, (x, y) => {
    c.disc(x + 75, y + 85, 55, WHITE);
    for (let h = 0; h < 12; h++) {
      const a = (h / 12) * Math.PI * 2;
      c.disc(x + 75 + Math.sin(a) * 45, y + 85 - Math.cos(a) * 45, 3, SLATE);
    }
    c.line(x + 75, y + 85, x + 75 + 32, y + 85 - 18, 6, EMBER);
    c.disc(x + 75, y + 85, 7, NAVY);
    c.disc(x + 75, y + 185, 24, EMBER);
    c.disc(x + 75, y + 185, 16, EMBER_LIGHT);
  });
}

/** A thermostat: its dial and thermometer on an enclosure. */
function thermostatPicture(c: Canvas) {
  enclosure(c, (x, y) => {
    c.disc(x + 75, y + 95, 62, STEEL);
    c.disc(x + 75, y + 95, 52, WHITE);
    c.roundRect(x + 66, y + 55, 18, 62, 9, SLATE);
    c.rect(x + 71, y + 80, 8, 37, EMBER);
    c.disc(x + 75, y + 125, 15, EMBER);
    c.disc(x + 45, y + 200, 10, GREEN);
    c.rect(x + 70, y + 194, 50, 12, STEEL);
  });
}

/** A snow controller: its display with a snowflake, its lamps. */
function snowControllerPicture(c: Canvas) {
  enclosure(c, (x, y) => {
    c.roundRect(x + 15, y + 20, 120, 90, 6, SKY);
    snowflake(c, x + 75, y + 65, 30, WHITE);
    c.disc(x + 40, y + 150, 14, GREEN);
    c.disc(x + 75, y + 150, 14, EMBER);
    c.disc(x + 110, y + 150, 14, STEEL);
    c.rect(x + 25, y + 190, 100, 12, STEEL);
  });
}

/** A contactor panel: two contactors on a rail, its cable glands. */
function contactorPanelPicture(c: Canvas) {
  c.roundRect(110, 40, 260, 270, 12, STEEL);
  c.roundRect(124, 54, 232, 242, 8, [226, 232, 240]);
  c.rect(134, 100, 212, 12, SLATE);
  for (const x of [150, 250]) {
    c.roundRect(x, 80, 80, 120, 8, NAVY);
    for (const dx of [16, 40, 64]) {
      c.disc(x + dx, 96, 6, BRASS_LIGHT);
      c.disc(x + dx, 184, 6, BRASS_LIGHT);
    }
    c.rect(x + 20, 125, 40, 30, SLATE);
    c.disc(x + 40, 140, 8, GREEN);
  }
  c.rect(150, 230, 180, 14, SLATE);
  c.line(200, 310, 200, 345, 12, SLATE);
  c.line(280, 310, 280, 345, 12, SLATE);
}

/** An aerial snow sensor on its mast, snow falling. */
function aerialSensorPicture(c: Canvas) {
  c.rect(100, 60, 24, 280, SLATE);
  c.rect(124, 150, 110, 14, SLATE);
  c.roundRect(234, 130, 60, 150, 10, STEEL);
  c.roundRect(222, 110, 84, 34, 12, NAVY);
  c.disc(264, 205, 14, SKY);
  c.line(264, 280, 264, 320, 8, NAVY);
  snowflake(c, 360, 90, 18, STEEL);
  snowflake(c, 400, 170, 14, STEEL);
  snowflake(c, 340, 240, 12, STEEL);
}

/** A pavement sensor flush in the slab, its conduit. */
function pavementSensorPicture(c: Canvas) {
  c.rect(0, 190, W, 100, PAVEMENT);
  c.rect(0, 190, W, 6, STEEL);
  c.disc(240, 200, 70, STEEL);
  c.disc(240, 200, 56, SLATE);
  c.disc(240, 200, 22, SKY);
  c.line(240, 270, 240, 300, 14, SLATE);
  c.line(240, 300, 420, 300, 14, SLATE);
  snowflake(c, 140, 110, 16, STEEL);
  snowflake(c, 330, 80, 20, STEEL);
}

/** A two-pole ground-fault breaker. */
function breakerPicture(c: Canvas, variant: number) {
  // A two-pole module: two bodies side by side, their handles tied, the ground-fault test button between them.
  for (const x of [160, 242]) {
    c.roundRect(x, 50, 78, 250, 8, PAVEMENT);
    c.roundRect(x + 3, 53, 72, 244, 6, WHITE);
    c.roundRect(x + 22, 130, 34, 70, 6, NAVY);
    for (const y of [70, 280]) c.disc(x + 39, y, 9, STEEL);
  }
  c.rect(205, 155, 82, 14, SLATE);
  c.roundRect(228, 220, 34, 26, 6, YELLOW);
  c.rect(176, 94, 46, 10, variant % 2 ? SKY : EMBER);
  c.rect(258, 94, 46, 10, variant % 2 ? SKY : EMBER);
}

/** A junction box. */
function junctionBoxPicture(c: Canvas) {
  junctionBox(c, 144, 84, 1.2);
}

/** A roll of mounting tape. */
function tapePicture(c: Canvas) {
  tapeRoll(c, 140, 100, 1.3);
}

/** A warning sign. */
function signPicture(c: Canvas) {
  warningSign(c, 165, 60, 1.26);
}

/** A sensor housing set in the pavement, its conduit. */
function housingPicture(c: Canvas) {
  c.rect(0, 180, W, 110, PAVEMENT);
  c.rect(0, 180, W, 6, STEEL);
  c.disc(240, 186, 96, BRASS);
  c.disc(240, 186, 80, BRASS_LIGHT);
  c.disc(240, 186, 56, SLATE);
  for (let k = 0; k < 6; k++) c.disc(240 + Math.cos((k * Math.PI) / 3) * 88, 186 + Math.sin((k * Math.PI) / 3) * 88, 5, SLATE);
  c.line(300, 250, 330, 300, 16, SLATE);
  c.line(330, 300, 440, 300, 16, SLATE);
}

/** The accessories together: a junction box, a roll of tape, a warning sign. */
function accessoriesPicture(c: Canvas) {
  junctionBox(c, 40, 120, 0.8);
  tapeRoll(c, 230, 210, 0.7);
  warningSign(c, 300, 40, 0.8);
}

/** The drawing of each subject, on a canvas of W × H, kept inside the middle 300 pixels of height: category tiles show the picture at 16:10, cropping 30 at the top and bottom. */
const DRAW: Record<PictureSubject, (c: Canvas, variant: number) => void> = {
  mat: matPicture,
  cable: cablePicture,
  timer: timerPicture,
  thermostat: thermostatPicture,
  snowController: snowControllerPicture,
  contactorPanel: contactorPanelPicture,
  aerialSensor: aerialSensorPicture,
  pavementSensor: pavementSensorPicture,
  breaker: breakerPicture,
  junctionBox: junctionBoxPicture,
  tape: tapePicture,
  sign: signPicture,
  housing: housingPicture,
  accessories: accessoriesPicture,
};

/** A demo illustration of a product of `kind`: the product at `variant`'s place in the demo catalogue, or the kind's usual one. */
export function productPicture(kind: ProductKind, variant = 0): Buffer {
  const c = new Canvas(W, H, ICE);
  DRAW[pictureSubject(kind, variant)](c, variant);
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
