import { CLEARANCE_M, MAX_DENSITY_WM2, type Exclusion, type PlacedMat, type Point } from './design.schema.js';
import { bandFree, exclusionBox, freeArea, scanFree, segmentHitsBox, type Box, type Span } from './geometry.js';
import { bySku, type Heater } from './products.js';

/** Cable spacing limits, metres: never closer than 1 in, never wider than 4 in. */
export const MIN_SPACING_M = 0.025;
export const MAX_SPACING_M = 0.102;

/** An area ready for layout: its outline (a rectangle's from (0, 0)), exclusions and measures. */
export type AreaShape = { polygon: Point[]; exclusions: Exclusion[]; areaM2: number; rectangle: boolean; box: Box };

export type MatLayout = {
  placements: PlacedMat[];
  heaters: Heater[];
  coveredM2: number;
  watts: number;
  densityWm2: number;
  strips: number;
  stripWidthM: number;
  /** Whether the strips run along the area's x axis (its width) or y axis (its length). */
  axis: 'x' | 'y';
};

const mm = (n: number) => Math.round(n * 1000) / 1000;

/** Swaps x and y, so strips and runs can always go along x. */
const swapPoint = ([x, y]: Point): Point => [y, x];
const swapExclusion = (e: Exclusion): Exclusion => ({ ...e, x: e.y, y: e.x, widthM: e.lengthM, lengthM: e.widthM });

/** The shape turned so that its longer side (or the y axis when `turn` says so) runs along x, and whether it was turned. */
function alongX(shape: AreaShape, turn?: boolean) {
  const { box } = shape;
  const turned = turn ?? box.maxY - box.minY > box.maxX - box.minX + 1e-9;
  return turned
    ? { turned, polygon: shape.polygon.map(swapPoint), exclusions: shape.exclusions.map(swapExclusion), box: { minX: box.minY, minY: box.minX, maxX: box.maxY, maxY: box.maxX } }
    : { turned, polygon: shape.polygon, exclusions: shape.exclusions, box };
}

/**
 * For every length up to `maxCm`, the combination of `lengthsCm` that fills most of it, then with the fewest
 * pieces: `best[l]` is the filled length and `pick[x]` the last piece of the fewest-piece way to reach x.
 */
function fillTable(lengthsCm: readonly number[], maxCm: number) {
  const count = new Int32Array(maxCm + 1).fill(-1);
  const pick = new Int32Array(maxCm + 1).fill(-1);
  count[0] = 0;
  for (let x = 1; x <= maxCm; x++) {
    for (let i = 0; i < lengthsCm.length; i++) {
      const prev = x - lengthsCm[i]!;
      if (prev < 0 || count[prev]! < 0) continue;
      if (count[x]! < 0 || count[prev]! + 1 < count[x]!) {
        count[x] = count[prev]! + 1;
        pick[x] = i;
      }
    }
  }
  const best = new Int32Array(maxCm + 1);
  for (let x = 1; x <= maxCm; x++) best[x] = count[x]! >= 0 ? x : best[x - 1]!;
  return { best, pick };
}

/**
 * Mats of one width in strips along one axis, centred across it; in each stretch of a strip that is inside
 * the area and clear of the exclusions, the mat lengths that fill it best (then the fewest), centred. Mats are
 * never cut, never overlap and never leave the area.
 */
function matsOfWidth(shape: AreaShape, mats: Heater[], widthM: number, turn: boolean): MatLayout {
  const { turned, polygon, exclusions, box } = alongX(shape, turn);
  // Positions are whole millimetres and lengths whole centimetres (rounded up), so mats side by side never
  // overlap by a rounding.
  const widthMm = Math.ceil(widthM * 1000 - 1e-6);
  const across = (box.maxY - box.minY) * 1000;
  const strips = Math.floor(across / widthMm + 1e-9);
  const y0 = Math.ceil(box.minY * 1000 - 1e-6) + Math.floor((across - strips * widthMm) / 2);
  const kinds = [...mats].sort((a, b) => b.lengthM - a.lengthM || bySku(a.product, b.product));
  const lengthsCm = kinds.map((m) => Math.ceil(m.lengthM * 100 - 1e-6));
  const spans: { y: number; from: number; room: number }[] = [];
  for (let s = 0; s < strips; s++) {
    const y = y0 + s * widthMm;
    for (const [from, to] of bandFree(polygon, exclusions, y / 1000, (y + widthMm) / 1000, CLEARANCE_M)) {
      const start = Math.ceil(from * 1000 - 1e-6);
      const room = Math.floor(to * 1000 + 1e-6) - start;
      if (room > 0) spans.push({ y, from: start, room });
    }
  }
  const longestCm = Math.floor(Math.max(0, ...spans.map((s) => s.room)) / 10);
  const { best, pick } = fillTable(lengthsCm, longestCm);
  const placements: PlacedMat[] = [];
  const heaters: Heater[] = [];
  for (const { y, from, room } of spans) {
    const filledCm = best[Math.floor(room / 10)]!;
    const chosen: number[] = [];
    for (let left = filledCm; left > 0; left -= lengthsCm[pick[left]!]!) chosen.push(pick[left]!);
    chosen.sort((a, b) => a - b);
    let x = from + Math.floor((room - filledCm * 10) / 2);
    for (const i of chosen) {
      const mat = kinds[i]!;
      heaters.push(mat);
      const [px, py] = turned ? [y, x] : [x, y];
      const [w, l] = turned ? [mat.widthM, mat.lengthM] : [mat.lengthM, mat.widthM];
      placements.push({ productId: mat.product.id, sku: mat.product.sku, x: px / 1000, y: py / 1000, widthM: w, lengthM: l });
      x += lengthsCm[i]! * 10;
    }
  }
  const coveredM2 = heaters.reduce((sum, h) => sum + h.widthM * h.lengthM, 0);
  const watts = heaters.reduce((sum, h) => sum + h.watts, 0);
  return { placements, heaters, coveredM2, watts, densityWm2: coveredM2 > 0 ? watts / coveredM2 : 0, strips, stripWidthM: widthM, axis: turned ? 'y' : 'x' };
}

/**
 * The best mat layout of the area: for each mat width of the catalogue and strips along the longer side, then
 * the shorter, its layout; the one that reaches the design density over the whole area (`netM2`, the area net
 * of its exclusions) first, then covers most, then uses the fewest mats (the first tried on a tie). Each strip
 * already holds the longest whole mats that fit, so no longer or extra mat could raise it. Null when no mat fits.
 */
export function layoutMats(shape: AreaShape, mats: Heater[], designWm2: number, netM2: number): MatLayout | null {
  const widths = [...new Set(mats.map((m) => m.widthM))].sort((a, b) => a - b);
  const longerIsY = shape.box.maxY - shape.box.minY > shape.box.maxX - shape.box.minX + 1e-9;
  let chosen: MatLayout | null = null;
  for (const w of widths) {
    for (const turn of [longerIsY, !longerIsY]) {
      const layout = matsOfWidth(shape, mats.filter((m) => m.widthM === w), w, turn);
      if (layout.heaters.length === 0) continue;
      const reaches = (l: MatLayout) => l.watts / netM2 >= designWm2 - 1e-6;
      if (
        !chosen ||
        (reaches(layout) && !reaches(chosen)) ||
        (reaches(layout) === reaches(chosen) && (layout.coveredM2 > chosen.coveredM2 + 1e-6 || (Math.abs(layout.coveredM2 - chosen.coveredM2) <= 1e-6 && layout.heaters.length < chosen.heaters.length)))
      )
        chosen = layout;
    }
  }
  return chosen;
}

export type CableLayout = {
  reels: Heater[];
  heatedM2: number;
  wattsPerM: number;
  rawSpacingM: number;
  spacingM: number;
  neededM: number;
  lengthM: number;
  actualSpacingM: number;
  watts: number;
  densityWm2: number;
  /** The closest spacing the limits allow: 25 mm, or 1,300 W/m² at this cable's watts per metre. */
  limitSpacingM: number;
  /** The density the heated part must get so the whole area (net of its exclusions) gets the design density. */
  targetWm2: number;
};

/**
 * The fixed lengths whose sum lies in [from, to]: the fewest reels, then the least excess over `from`. Long
 * runs take the longest reel first, then every mix of up to six reels finishes. Null when no sum lands there.
 */
function pickReels(reels: readonly Heater[], from: number, to: number): Heater[] | null {
  const kinds = [...reels].sort((a, b) => b.lengthM - a.lengthM || bySku(a.product, b.product));
  const longest = kinds[0];
  if (!longest) return null;
  const base = Math.max(0, Math.floor(from / longest.lengthM) - 2);
  const rest = from - base * longest.lengthM;
  const restMax = to - base * longest.lengthM;
  let best: number[] | null = null;
  let bestSum = 0;
  const chosen: number[] = [];
  const visit = (start: number, sum: number) => {
    if (sum >= rest - 1e-9 && sum <= restMax + 1e-9) {
      if (!best || chosen.length < best.length || (chosen.length === best.length && sum < bestSum - 1e-9)) {
        best = [...chosen];
        bestSum = sum;
      }
      return;
    }
    if (chosen.length >= 6 || sum > restMax || (best && chosen.length + 1 > best.length)) return;
    for (let i = start; i < kinds.length; i++) {
      chosen.push(i);
      visit(i, sum + kinds[i]!.lengthM);
      chosen.pop();
    }
  };
  visit(0, 0);
  if (!best) return null;
  return [...Array<Heater>(base).fill(longest), ...(best as number[]).map((i) => kinds[i]!)];
}

/** Reels of one cable line share their watts per metre (to the watt: catalogue lengths are rounded to 0.1 m). */
const wattsPerMetreKey = (h: Heater) => Math.round(h.density);

/**
 * The cable of an area: the spacing for the design density over the whole area (`netM2`, net of its
 * exclusions), laid on the heated part (25-102 mm, and never over 1,300 W/m² there), the fixed lengths that
 * give at least the needed length with the fewest reels. Null when no cable fits.
 */
export function layoutCable(shape: AreaShape, cables: Heater[], designWm2: number, netM2: number): CableLayout | null {
  const heatedM2 = freeArea(shape.polygon, shape.exclusions, CLEARANCE_M, CLEARANCE_M);
  if (heatedM2 <= 1e-6) return null;
  // The edge band and the clearances get no cable: the heated part carries the whole area's watts.
  const targetWm2 = (designWm2 * netM2) / heatedM2;
  const lines = [...new Set(cables.map(wattsPerMetreKey))].sort((a, b) => a - b);
  let chosen: CableLayout | null = null;
  for (const line of lines) {
    const reelsOfLine = cables.filter((c) => wattsPerMetreKey(c) === line);
    const wpm = reelsOfLine.reduce((s, r) => s + r.watts, 0) / reelsOfLine.reduce((s, r) => s + r.lengthM, 0);
    const limitSpacingM = Math.max(MIN_SPACING_M, wpm / MAX_DENSITY_WM2);
    if (limitSpacingM > MAX_SPACING_M) continue;
    const rawSpacingM = targetWm2 > 0 ? wpm / targetWm2 : MAX_SPACING_M;
    const spacingM = Math.min(MAX_SPACING_M, Math.max(limitSpacingM, rawSpacingM));
    const neededM = heatedM2 / spacingM;
    const maxM = heatedM2 / limitSpacingM;
    // Fewest reels, then least excess, among the mixes that overshoot by less than the shortest reel: one
    // long reel far beyond the need would raise the density (and the breakers and the running cost) for
    // nothing. Without such a mix, any up to the limit; without any, a mix under the limit that keeps the
    // spacing within 102 mm gives what this cable can (short of the design density: a failed check).
    const shortest = Math.min(...reelsOfLine.map((r) => r.lengthM));
    const reels =
      pickReels(reelsOfLine, neededM, Math.min(maxM, neededM + shortest)) ?? pickReels(reelsOfLine, neededM, maxM) ?? longestUnder(reelsOfLine, heatedM2 / MAX_SPACING_M, maxM);
    if (!reels) continue;
    const lengthM = reels.reduce((sum, r) => sum + r.lengthM, 0);
    const watts = reels.reduce((sum, r) => sum + r.watts, 0);
    const layout = { reels, heatedM2, wattsPerM: wpm, rawSpacingM, spacingM, neededM, lengthM, actualSpacingM: heatedM2 / lengthM, watts, densityWm2: watts / heatedM2, limitSpacingM, targetWm2 };
    const reaches = (l: typeof layout) => l.watts / netM2 >= designWm2 - 1e-6;
    if (!chosen || (reaches(layout) && !reaches(chosen)) || (reaches(layout) === reaches(chosen) && layout.reels.length < chosen.reels.length)) chosen = layout;
  }
  return chosen;
}

/**
 * A mix of reels in [from, to] as close under `to` as one shortest reel allows: walking down from `to` a
 * shortest reel at a time, the first window that holds a mix gives it. Null when none.
 */
function longestUnder(reels: readonly Heater[], from: number, to: number): Heater[] | null {
  const shortest = Math.min(...reels.map((r) => r.lengthM));
  if (!(shortest <= to)) return null;
  for (let top = to; top >= from - 1e-9; top -= shortest) {
    const mix = pickReels(reels, Math.max(from, top - shortest), top);
    if (mix) return mix;
  }
  return null;
}

/** A run whose end moves more than this from the previous run's starts a new piece of the drawing. */
const JUMP_M = 0.5;

/** A drawn serpentine: one polyline, cut into pieces at `breaks` (indexes of `path` where a piece starts). */
export type Serpentine = { path: Point[]; breaks: number[]; drawnSpacingMm?: number };

/**
 * The most points an area's drawing holds: a phone draws it at once and the answer stays small, whatever the
 * area and its exclusions. A serpentine that would take more is drawn with fewer, wider-spaced runs.
 */
export const MAX_PATH_POINTS = 500;

/**
 * The serpentine of the area at the cable's spacing, or, where that takes more than `maxPoints` points (close
 * spacing over a large area, runs split by many exclusions), at the closest whole multiple of it that fits:
 * `drawnSpacingMm` then says how far apart the drawn runs are. The cable itself is laid at `spacingM`.
 */
export function drawnSerpentine(shape: AreaShape, spacingM: number, maxPoints = MAX_PATH_POINTS): Serpentine {
  const { box } = shape;
  const span = Math.max(box.maxX - box.minX, box.maxY - box.minY);
  let every = 1;
  let drawn = serpentineAt(shape, spacingM);
  // Points go with the number of runs, so the next multiple is read from the last count; a single run (the
  // spacing past the area's size) is as few as a drawing gets.
  while (drawn.path.length > maxPoints && spacingM * every < span) {
    every = Math.max(every + 1, Math.ceil((every * drawn.path.length) / maxPoints));
    drawn = { ...serpentineAt(shape, spacingM * every), drawnSpacingMm: Math.round(spacingM * every * 10_000) / 10 };
  }
  return drawn;
}

/**
 * A serpentine over the heated part of the area: runs along the longer side at the given spacing, each
 * clipped to the area less its 100 mm edge band and the exclusions' clearance. Where an exclusion or a notch
 * splits the runs, each part is drawn as its own piece (a boustrophedon cell), so no run crosses a clearance.
 * Exact for rectangles; drawn shapes are approximated by their scan lines.
 */
function serpentineAt(shape: AreaShape, spacingM: number): Serpentine {
  const { turned, polygon, exclusions, box } = alongX(shape);
  const from = box.minY + CLEARANCE_M;
  const across = box.maxY - box.minY - 2 * CLEARANCE_M;
  if (across <= 0 || spacingM <= 0) return { path: [], breaks: [] };
  const runs = Math.max(1, Math.round(across / spacingM));
  const step = across / runs;
  type Cell = { runs: { y: number; span: Span }[] };
  const cells: Cell[] = [];
  let open: Cell[] = [];
  for (let k = 0; k < runs; k++) {
    const y = from + (k + 0.5) * step;
    const spans = scanFree(polygon, exclusions, y, CLEARANCE_M, CLEARANCE_M);
    const overlaps = (a: Span, b: Span) => a[0] < b[1] && b[0] < a[1];
    const next: Cell[] = [];
    for (const span of spans) {
      const above = open.filter((c) => overlaps(c.runs.at(-1)!.span, span));
      // A cell goes on only where one span follows one span: a split or a merge starts new cells.
      // So does an end that jumps (a notch's corner): the turn would otherwise run along the next runs.
      const prev = above.length === 1 ? above[0]!.runs.at(-1)!.span : null;
      const smooth = prev !== null && Math.abs(prev[0] - span[0]) <= JUMP_M && Math.abs(prev[1] - span[1]) <= JUMP_M;
      const only = smooth && spans.filter((s) => overlaps(prev, s)).length === 1 ? above[0]! : null;
      if (only) {
        only.runs.push({ y, span });
        next.push(only);
      } else {
        const cell: Cell = { runs: [{ y, span }] };
        cells.push(cell);
        next.push(cell);
      }
    }
    open = next;
  }
  const boxes = exclusions.map((e) => exclusionBox(e, CLEARANCE_M));
  const path: Point[] = [];
  const breaks: number[] = [];
  for (const cell of cells) {
    if (path.length > 0) breaks.push(path.length);
    cell.runs.forEach(({ y, span }, i) => {
      const [a, b] = i % 2 === 0 ? span : [span[1], span[0]];
      // A turn that would cut the corner of an exclusion's clearance goes square: across first where this run
      // reaches beyond the last one's end, back along the last run first where it stops short.
      const last = i > 0 ? path.at(-1) : undefined;
      if (last && boxes.some((box) => segmentHitsBox(last, [a, y], box))) {
        const beyond = i % 2 === 0 ? a < last[0] : a > last[0];
        path.push(beyond ? [last[0], y] : [a, last[1]]);
      }
      path.push([a, y], [b, y]);
    });
  }
  return { path: path.map(([x, y]) => (turned ? [mm(y), mm(x)] : [mm(x), mm(y)])), breaks };
}
