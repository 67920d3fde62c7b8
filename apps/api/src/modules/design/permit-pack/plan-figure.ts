import { rgb } from 'pdf-lib';
import type { AreaResult } from '@meltway/shared/design/design.schema';
import { CLEARANCE_M } from '@meltway/shared/design/design.schema';
import type { Canvas } from '../../../lib/documents/pdf-writer.js';
import { EMBER, INK, MUTED, type PackPage } from './page.js';

const AREA_FILL = rgb(0.92, 0.96, 0.99);
const MAT_FILL = rgb(0.99, 0.86, 0.76);
const EXCLUSION_FILL = rgb(0.85, 0.86, 0.88);
const WHITE = rgb(1, 1, 1);

/** Paper scales a plan may be drawn at (1:n), smallest first. */
const SCALES = [10, 20, 25, 50, 75, 100, 125, 150, 200, 250, 300, 400, 500, 750, 1000, 1250, 1500, 2000, 2500, 5000, 10000, 20000];
const POINTS_PER_MM = 72 / 25.4;
/** Room around a plan for its dimensions (left, top) and its scale bar (bottom), in points. */
const PLAN_LEFT = 34;
const PLAN_TOP = 26;
const PLAN_BOTTOM = 30;
/** Room right of a plan for the side lengths of a drawn outline. */
const PLAN_RIGHT = 34;
const PLAN_MAX_HEIGHT = 300;

/** The largest paper scale (the smallest 1:n) at which a plan of `widthM` by `lengthM` fits the room it has. */
function planScale(widthM: number, lengthM: number, room: { width: number; height: number }): number {
  const fits = (ratio: number) => {
    const k = (1000 / ratio) * POINTS_PER_MM;
    return widthM * k <= room.width && lengthM * k <= room.height;
  };
  // Coordinates are at most 2,000 m apart, which the last scale draws in 283 points.
  return SCALES.find(fits) ?? SCALES[SCALES.length - 1]!;
}

/** The longest round length (1, 2 or 5 times a power of ten metres) drawn no longer than `maxPoints`. */
function scaleBarMetres(k: number, maxPoints: number): number {
  let best = 0.1;
  for (let p = 0.1; p <= 100_000; p *= 10) for (const m of [1, 2, 5]) if (m * p * k <= maxPoints) best = m * p;
  return Number(best.toPrecision(1));
}

type Point = readonly [number, number];

/**
 * One area's plan as it is being drawn: the canvas of its figure, the area, and where its metres land: `k` points a
 * metre, the area's corner (`minX`, `minY`) at (`ox`, `oy`) on the page, y growing down the page.
 */
type Plan = Pick<PackPage, 'pdf' | 't' | 'number'> & {
  c: Canvas;
  area: AreaResult;
  index: number;
  ratio: number;
  k: number;
  minX: number;
  minY: number;
  widthM: number;
  lengthM: number;
  drawnW: number;
  drawnH: number;
  ox: number;
  oy: number;
};

const metres = (p: Plan, v: number) => `${p.number(v, 2)} m`;
/** A point of the area in page coordinates. */
const at = (p: Plan, x: number, y: number) => ({ x: p.ox + (x - p.minX) * p.k, y: p.oy - (y - p.minY) * p.k });
/** An SVG path in the plan's own frame (drawSvgPath puts its origin at (ox, oy) with y down). */
const svgPath = (p: Plan, points: readonly Point[], close: boolean) =>
  points.map(([x, y], i) => `${i ? 'L' : 'M'}${((x - p.minX) * p.k).toFixed(2)} ${((y - p.minY) * p.k).toFixed(2)}`).join(' ') + (close ? ' Z' : '');
/** The page rectangle of `wM` by `lM` metres whose top-left corner in the area is (x, y). */
const rectOf = (p: Plan, x: number, y: number, wM: number, lM: number) => {
  const corner = at(p, x, y + lM);
  return { x: corner.x, y: corner.y, width: wM * p.k, height: lM * p.k };
};

/** The area's outline, filled. */
function outline(p: Plan) {
  p.c.page.drawSvgPath(svgPath(p, p.area.polygon, true), { x: p.ox, y: p.oy, color: AREA_FILL, borderColor: INK, borderWidth: 1.2 });
}

/** Each mat with its unit's label (M1, M2...), across it or along it where it only fits turned. */
function mats(p: Plan) {
  const { c, pdf } = p;
  p.area.mats.forEach((m, j) => {
    const r = rectOf(p, m.x, m.y, m.widthM, m.lengthM);
    c.page.drawRectangle({ ...r, color: MAT_FILL, borderColor: EMBER, borderWidth: 0.6 });
    const label = `M${j + 1}`;
    const size = 6;
    const lw = pdf.widthOf(label, size);
    if (r.width >= lw + 2 && r.height >= size + 2) c.text(label, r.x + (r.width - lw) / 2, r.y + (r.height - size) / 2 + 1, { size });
    else if (r.height >= lw + 2 && r.width >= size + 2) c.text(label, r.x + (r.width + size) / 2 - 1, r.y + (r.height - lw) / 2, { size, rotate: 90 });
  });
}

/** The cable's serpentine, piece by piece: where the engine breaks the path (around an exclusion or a notch) the pieces are drawn apart, never joined. */
function cable(p: Plan) {
  const run = p.area.cable;
  if (!run) return;
  const starts = [0, ...(run.breaks ?? []), run.path.length];
  // Runs closer than the line is wide would print as a solid fill: the line thins with the scale.
  const borderWidth = Math.min(0.7, (run.spacingMm / 1000) * p.k * 0.4);
  for (let i = 0; i + 1 < starts.length; i++) {
    const piece = run.path.slice(starts[i], starts[i + 1]);
    if (piece.length > 1) p.c.page.drawSvgPath(svgPath(p, piece, false), { x: p.ox, y: p.oy, borderColor: EMBER, borderWidth });
  }
}

/** Each exclusion with its clearance dashed around it and its kind beside it. */
function exclusions(p: Plan) {
  const { c, pdf } = p;
  for (const e of p.area.exclusions) {
    const clear = rectOf(p, e.x - CLEARANCE_M, e.y - CLEARANCE_M, e.widthM + 2 * CLEARANCE_M, e.lengthM + 2 * CLEARANCE_M);
    c.page.drawRectangle({ ...clear, borderColor: MUTED, borderWidth: 0.5, borderDashArray: [2, 2] });
    const r = rectOf(p, e.x, e.y, e.widthM, e.lengthM);
    c.page.drawRectangle({ ...r, color: EXCLUSION_FILL, borderColor: INK, borderWidth: 0.6 });
    const kind = p.t(`exclusionKinds.${e.kind}`);
    const lx = clear.x + clear.width + 2;
    const ly = r.y + r.height / 2 - 2;
    c.page.drawRectangle({ x: lx - 1, y: ly - 1.5, width: pdf.widthOf(kind, 6) + 2, height: 7, color: WHITE });
    c.text(kind, lx, ly, { size: 6, muted: true });
  }
}

/** The overall dimensions: the width above the plan, the length to its left. */
function overallDimensions(p: Plan) {
  const { c, pdf, ox, oy, drawnW, drawnH } = p;
  const dim = { color: MUTED, thickness: 0.5 };
  const top = oy + 12;
  c.page.drawLine({ start: { x: ox, y: top }, end: { x: ox + drawnW, y: top }, ...dim });
  for (const x of [ox, ox + drawnW]) c.page.drawLine({ start: { x, y: top - 4 }, end: { x, y: top + 4 }, ...dim });
  const wLabel = metres(p, p.widthM);
  c.text(wLabel, ox + (drawnW - pdf.widthOf(wLabel, 7)) / 2, top + 3, { size: 7 });
  const left = ox - 12;
  c.page.drawLine({ start: { x: left, y: oy }, end: { x: left, y: oy - drawnH }, ...dim });
  for (const y of [oy, oy - drawnH]) c.page.drawLine({ start: { x: left - 4, y }, end: { x: left + 4, y }, ...dim });
  const lLabel = metres(p, p.lengthM);
  c.text(lLabel, left - 3, oy - drawnH / 2 - pdf.widthOf(lLabel, 7) / 2, { size: 7, rotate: 90 });
}

/** A drawn outline that is not its bounding rectangle gets each side's length beside the side, outside the area. */
function sideLengths(p: Plan) {
  const { c, pdf, ox, oy, drawnW, drawnH } = p;
  if (isBoundingRectangle(p.area.polygon, p.minX, p.minY, p.widthM, p.lengthM)) return;
  const corners = p.area.polygon.map(([x, y]) => at(p, x, y));
  const near = (u: number, v: number) => Math.abs(u - v) < 0.01;
  /** A side along the whole of the bounding box's side: the overall dimensions give its length. */
  const onFrame = (a: { x: number; y: number }, b: { x: number; y: number }) =>
    (near(a.y, b.y) && (near(a.y, oy) || near(a.y, oy - drawnH)) && near(Math.abs(b.x - a.x), drawnW)) ||
    (near(a.x, b.x) && (near(a.x, ox) || near(a.x, ox + drawnW)) && near(Math.abs(b.y - a.y), drawnH));
  // Outward is to the right of a side on a counter-clockwise outline, to its left on a clockwise one.
  const turn = Math.sign(corners.reduce((sum, a, i) => { const b = corners[(i + 1) % corners.length]!; return sum + a.x * b.y - b.x * a.y; }, 0)) || 1;
  corners.forEach((a, i) => {
    const b = corners[(i + 1) % corners.length]!;
    const side = Math.hypot(b.x - a.x, b.y - a.y);
    if (side < 24 || onFrame(a, b)) return;
    const label = metres(p, side / p.k);
    const nx = (turn * (b.y - a.y)) / side;
    const ny = (turn * (a.x - b.x)) / side;
    const lw = pdf.widthOf(label, 6);
    c.text(label, (a.x + b.x) / 2 + nx * (4 + lw / 2) - lw / 2, (a.y + b.y) / 2 + ny * 7 - 2, { size: 6, muted: true });
  });
}

/** The scale bar under the plan, and the area's number with its paper scale. */
function scaleBar(p: Plan) {
  const { c, k } = p;
  const barM = scaleBarMetres(k, 120);
  const bar = barM * k;
  const by = c.y + 8;
  const bx = c.x + PLAN_LEFT;
  c.page.drawRectangle({ x: bx, y: by, width: bar / 2, height: 3, color: INK });
  c.page.drawRectangle({ x: bx + bar / 2, y: by, width: bar / 2, height: 3, borderColor: INK, borderWidth: 0.5 });
  c.text('0', bx - 2, by + 6, { size: 6 });
  c.text(`${p.number(barM, barM < 1 ? 1 : 0)} m`, bx + bar - 4, by + 6, { size: 6 });
  c.text(`A${p.index + 1} · ${p.t('scale', { ratio: p.ratio })}`, bx + bar + 24, by, { size: 7, muted: true });
}

/**
 * One area's plan to scale, y growing down the page as on the web page's plan: the outline and its
 * dimensions, the exclusions with their clearance, and the mats (numbered as their units) or the cable's
 * serpentine; then the scale and a scale bar.
 */
export function planFigure({ pdf, t, number }: PackPage, area: AreaResult, index: number): { height: number; draw: () => void } {
  const xs = area.polygon.map((p) => p[0]);
  const ys = area.polygon.map((p) => p[1]);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const widthM = Math.max(...xs) - minX;
  const lengthM = Math.max(...ys) - minY;
  const roomWidth = pdf.width - PLAN_LEFT - PLAN_RIGHT;
  const ratio = planScale(widthM, lengthM, { width: roomWidth, height: PLAN_MAX_HEIGHT });
  const k = (1000 / ratio) * POINTS_PER_MM;
  const drawnW = widthM * k;
  const drawnH = lengthM * k;

  const height = PLAN_TOP + drawnH + PLAN_BOTTOM;
  const draw = () =>
    pdf.figure(height, (c) => {
      const ox = c.x + PLAN_LEFT + (roomWidth - drawnW) / 2;
      const oy = c.y + c.height - PLAN_TOP;
      const plan: Plan = { pdf, t, number, c, area, index, ratio, k, minX, minY, widthM, lengthM, drawnW, drawnH, ox, oy };
      for (const step of [outline, mats, cable, exclusions, overallDimensions, sideLengths, scaleBar]) step(plan);
    });
  return { height, draw };
}

/** Whether a polygon is exactly its bounding rectangle (a typed rectangle), whose sides the overall dimensions already give. */
function isBoundingRectangle(polygon: readonly Point[], minX: number, minY: number, widthM: number, lengthM: number): boolean {
  const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;
  return polygon.length === 4 && polygon.every(([x, y]) => (near(x, minX) || near(x, minX + widthM)) && (near(y, minY) || near(y, minY + lengthM)));
}
