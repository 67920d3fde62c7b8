import type { Exclusion, Point } from './design.schema.js';

/** An x-interval [from, to] on a scan line. */
export type Span = readonly [number, number];
export type Box = { minX: number; minY: number; maxX: number; maxY: number };

const EPS = 1e-9;
/** How far a side may pass a corner and still count as touching it: a tenth of a micrometre. */
const TOUCH = 1e-7;

/** Area of a polygon by the shoelace formula (always positive). */
export function polygonArea(polygon: readonly Point[]): number {
  let twice = 0;
  for (let i = 0; i < polygon.length; i++) {
    const [x1, y1] = polygon[i]!;
    const [x2, y2] = polygon[(i + 1) % polygon.length]!;
    twice += x1 * y2 - x2 * y1;
  }
  return Math.abs(twice) / 2;
}

export function boundingBox(polygon: readonly Point[]): Box {
  const xs = polygon.map((p) => p[0]);
  const ys = polygon.map((p) => p[1]);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

function segmentsTouch(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > EPS && d2 < -EPS) || (d1 < -EPS && d2 > EPS)) && ((d3 > EPS && d4 < -EPS) || (d3 < -EPS && d4 > EPS))) return true;
  const on = (p: Point, q: Point, r: Point) =>
    Math.abs(cross(p, q, r)) <= EPS && Math.min(p[0], q[0]) - EPS <= r[0] && r[0] <= Math.max(p[0], q[0]) + EPS && Math.min(p[1], q[1]) - EPS <= r[1] && r[1] <= Math.max(p[1], q[1]) + EPS;
  return on(c, d, a) || on(c, d, b) || on(a, b, c) || on(a, b, d);
}

/** Whether two non-adjacent sides of the polygon cross or touch (a repeated corner counts as touching). */
export function selfIntersects(polygon: readonly Point[]): boolean {
  const n = polygon.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      const [a, b, c, d] = [polygon[i]!, polygon[(i + 1) % n]!, polygon[j]!, polygon[(j + 1) % n]!];
      if (adjacent) {
        // Adjacent sides share one corner; they only overlap when they fold back on each other.
        const shared = j === i + 1 ? b : a;
        const other1 = j === i + 1 ? a : b;
        const other2 = j === i + 1 ? d : c;
        const folded = Math.abs(cross(shared, other1, other2)) <= EPS && (other1[0] - shared[0]) * (other2[0] - shared[0]) + (other1[1] - shared[1]) * (other2[1] - shared[1]) > 0;
        if (folded || (a[0] === b[0] && a[1] === b[1])) return true;
        continue;
      }
      if (segmentsTouch(a, b, c, d)) return true;
    }
  }
  return false;
}

/** The spans of a horizontal line at `y` that are inside the polygon (even-odd rule), sorted. */
function scanPolygon(polygon: readonly Point[], y: number): Span[] {
  const xs: number[] = [];
  for (let i = 0; i < polygon.length; i++) {
    const [x1, y1] = polygon[i]!;
    const [x2, y2] = polygon[(i + 1) % polygon.length]!;
    if (y1 <= y === y2 <= y) continue;
    xs.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
  }
  xs.sort((a, b) => a - b);
  const spans: Span[] = [];
  for (let i = 0; i + 1 < xs.length; i += 2) if (xs[i + 1]! - xs[i]! > EPS) spans.push([xs[i]!, xs[i + 1]!]);
  return spans;
}

/** The parts of `spans` that are also in `other` (both sorted and disjoint). */
function intersectSpans(spans: readonly Span[], other: readonly Span[]): Span[] {
  const out: Span[] = [];
  let i = 0;
  let j = 0;
  while (i < spans.length && j < other.length) {
    const from = Math.max(spans[i]![0], other[j]![0]);
    const to = Math.min(spans[i]![1], other[j]![1]);
    if (to - from > EPS) out.push([from, to]);
    if (spans[i]![1] < other[j]![1]) i++;
    else j++;
  }
  return out;
}

/** `spans` with every x of `holes` (any order, may overlap) taken out. */
function subtractSpans(spans: readonly Span[], holes: readonly Span[]): Span[] {
  let out: Span[] = [...spans];
  for (const [hFrom, hTo] of holes) {
    const next: Span[] = [];
    for (const [from, to] of out) {
      if (hTo <= from || hFrom >= to) next.push([from, to]);
      else {
        if (hFrom - from > EPS) next.push([from, hFrom]);
        if (to - hTo > EPS) next.push([hTo, to]);
      }
    }
    out = next;
  }
  return out;
}

const spansLength = (spans: readonly Span[]) => spans.reduce((sum, [from, to]) => sum + to - from, 0);

/** The x-range of a horizontal line at `y` lying within `r` of the segment a-b, or null. */
function nearSegment(a: Point, b: Point, r: number, y: number): Span | null {
  if (y <= Math.min(a[1], b[1]) - r || y >= Math.max(a[1], b[1]) + r) return null;
  let from = Infinity;
  let to = -Infinity;
  for (const [cx, cy] of [a, b]) {
    const dy = y - cy;
    if (Math.abs(dy) < r) {
      const dx = Math.sqrt(r * r - dy * dy);
      from = Math.min(from, cx - dx);
      to = Math.max(to, cx + dx);
    }
  }
  // The band swept by the segment's normal, a parallelogram: where the line crosses its four sides.
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (len > EPS) {
    const nx = (-(b[1] - a[1]) / len) * r;
    const ny = ((b[0] - a[0]) / len) * r;
    const corners: Point[] = [
      [a[0] + nx, a[1] + ny],
      [b[0] + nx, b[1] + ny],
      [b[0] - nx, b[1] - ny],
      [a[0] - nx, a[1] - ny],
    ];
    for (let i = 0; i < 4; i++) {
      const [x1, y1] = corners[i]!;
      const [x2, y2] = corners[(i + 1) % 4]!;
      if (y1 <= y === y2 <= y) continue;
      const x = x1 + ((y - y1) * (x2 - x1)) / (y2 - y1);
      from = Math.min(from, x);
      to = Math.max(to, x);
    }
  }
  return from < to ? [from, to] : null;
}

/** A rectangle grown by `margin` on every side, as a polygon. */
export const exclusionBox = (e: Exclusion, margin: number): Box => ({ minX: e.x - margin, minY: e.y - margin, maxX: e.x + e.widthM + margin, maxY: e.y + e.lengthM + margin });

/**
 * The spans of the line at `y` that are inside the polygon, at least `edge` from its sides and outside every
 * exclusion grown by `clearance`.
 */
export function scanFree(polygon: readonly Point[], exclusions: readonly Exclusion[], y: number, edge: number, clearance: number): Span[] {
  let spans = scanPolygon(polygon, y);
  if (edge > 0 && spans.length > 0) {
    const holes: Span[] = [];
    for (let i = 0; i < polygon.length; i++) {
      const near = nearSegment(polygon[i]!, polygon[(i + 1) % polygon.length]!, edge, y);
      if (near) holes.push(near);
    }
    spans = subtractSpans(spans, holes);
  }
  const holes: Span[] = [];
  for (const e of exclusions) {
    const box = exclusionBox(e, clearance);
    if (y > box.minY && y < box.maxY) holes.push([box.minX, box.maxX]);
  }
  return holes.length ? subtractSpans(spans, holes) : spans;
}

// Gauss-Legendre nodes and weights on [-1, 1]: exact for the piecewise-linear widths of straight sides.
const GAUSS: readonly [number, number][] = [
  [-0.8611363115940526, 0.3478548451374538],
  [-0.3399810435848563, 0.6521451548625461],
  [0.3399810435848563, 0.6521451548625461],
  [0.8611363115940526, 0.3478548451374538],
];

/**
 * The area inside the polygon, `edge` from its sides and clear of the exclusions: the integral of the free
 * width over y, taken piece by piece between the heights where the width's formula changes.
 */
export function freeArea(polygon: readonly Point[], exclusions: readonly Exclusion[], edge: number, clearance: number): number {
  const cuts = new Set<number>();
  for (const [, y] of polygon) for (const d of [-edge, 0, edge]) cuts.add(y + d);
  // The corners of each side's band, where a slanted side's clearance starts or stops.
  for (let i = 0; i < polygon.length; i++) {
    const [a, b] = [polygon[i]!, polygon[(i + 1) % polygon.length]!];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const ny = len > EPS ? ((b[0] - a[0]) / len) * edge : 0;
    for (const y of [a[1] + ny, a[1] - ny, b[1] + ny, b[1] - ny]) cuts.add(y);
  }
  for (const e of exclusions) {
    const box = exclusionBox(e, clearance);
    cuts.add(box.minY);
    cuts.add(box.maxY);
  }
  const ys = [...cuts].sort((a, b) => a - b);
  let area = 0;
  for (let i = 0; i + 1 < ys.length; i++) {
    const [y0, y1] = [ys[i]!, ys[i + 1]!];
    if (y1 - y0 < EPS) continue;
    const half = (y1 - y0) / 2;
    for (const [node, weight] of GAUSS) area += weight * half * spansLength(scanFree(polygon, exclusions, y0 + half * (1 + node), edge, clearance));
  }
  return area;
}

/**
 * Whether the rectangle lies inside the polygon (sides may touch): no side of the polygon passes through the
 * rectangle, so it is wholly in or wholly out, and its centre says which.
 */
export function boxInPolygon(polygon: readonly Point[], box: Box): boolean {
  const inner = { minX: box.minX + TOUCH, minY: box.minY + TOUCH, maxX: box.maxX - TOUCH, maxY: box.maxY - TOUCH };
  for (let i = 0; i < polygon.length; i++) if (segmentHitsBox(polygon[i]!, polygon[(i + 1) % polygon.length]!, inner)) return false;
  const [cx, cy] = [(box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2];
  return scanPolygon(polygon, cy).some(([from, to]) => from <= cx && cx <= to);
}

/**
 * The x-spans where a band from y0 to y1 is wholly inside the polygon and clear of the exclusions grown by
 * `clearance`: what a mat strip may use.
 */
export function bandFree(polygon: readonly Point[], exclusions: readonly Exclusion[], y0: number, y1: number, clearance: number): Span[] {
  const levels = new Set<number>([y0 + TOUCH, y1 - TOUCH]);
  for (const [, y] of polygon) {
    if (y > y0 + 2 * TOUCH && y < y1 - 2 * TOUCH) {
      levels.add(y - TOUCH);
      levels.add(y + TOUCH);
    }
  }
  let spans: Span[] | null = null;
  for (const y of levels) spans = spans === null ? scanPolygon(polygon, y) : intersectSpans(spans, scanPolygon(polygon, y));
  const holes: Span[] = [];
  for (const e of exclusions) {
    const box = exclusionBox(e, clearance);
    if (box.maxY > y0 && box.minY < y1) holes.push([box.minX, box.maxX]);
  }
  return subtractSpans(spans ?? [], holes);
}

/** Whether the segment a-b passes through the inside of the box (Liang-Barsky clipping; touching is not passing). */
export function segmentHitsBox(a: Point, b: Point, box: Box): boolean {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let t0 = 0;
  let t1 = 1;
  const sides: [number, number][] = [
    [-dx, a[0] - box.minX],
    [dx, box.maxX - a[0]],
    [-dy, a[1] - box.minY],
    [dy, box.maxY - a[1]],
  ];
  for (const [p, q] of sides) {
    if (Math.abs(p) < EPS) {
      if (q <= EPS) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t1 - t0 <= EPS) return false;
  }
  return true;
}
