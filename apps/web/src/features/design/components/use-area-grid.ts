import { useEffect, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import type { Exclusion, Point } from '@meltway/shared/design/design.schema';
import { rectangleCorners, type AreaDraft } from './design-draft';
import { snapLength, type LengthUnit } from './units';

export type Tool = 'rect' | 'polygon' | 'drain' | 'post';

/** The size an exclusion is placed at; its row in the list below the grid changes it. */
export const EXCLUSION_SIZE_M = { drain: 0.3, post: 0.2 } as const;
/** The smallest side the engine accepts (the shared schema's 0.3 m). */
const MIN_SIDE_M = 0.3;
/** How near (screen pixels) a click must land to the first corner to close the outline. */
const CLOSE_PX = 14;

/** The outline moved so its top-left corner is at (0, 0): every area is drawn from the same origin. */
function toOrigin(points: Point[]): Point[] {
  const minX = Math.min(...points.map(([x]) => x));
  const minY = Math.min(...points.map(([, y]) => y));
  return points.map(([x, y]) => [Math.round((x - minX) * 10_000) / 10_000, Math.round((y - minY) * 10_000) / 10_000]);
}

function outlineOf(area: AreaDraft): Point[] {
  if (area.shape === 'polygon') return area.polygon;
  return Number.isFinite(area.widthM) && Number.isFinite(area.lengthM) ? rectangleCorners(area.widthM, area.lengthM) : [];
}

/** Grid lines every `minor`, labelled every `major`, in metres, for the unit shown. */
const GRID: Record<LengthUnit, { minor: number; major: number }> = {
  m: { minor: 1, major: 5 },
  ft: { minor: 5 * 0.3048, major: 10 * 0.3048 },
};

type Options = {
  /** The grid's drawing, whose screen matrix turns a pointer into metres. */
  svgRef: RefObject<SVGSVGElement | null>;
  area: AreaDraft;
  unit: LengthUnit;
  onRectangle: (widthM: number, lengthM: number) => void;
  onPolygon: (polygon: Point[]) => void;
  onExclusion: (exclusion: Exclusion) => void;
};

/**
 * What is being drawn on an area's grid, and the pointer's handlers that draw it: the tool chosen, the rectangle
 * being dragged, the polygon's corners so far (Escape drops either). `extent` is the grid's side in metres.
 */
export function useAreaGrid({ svgRef, area, unit, onRectangle, onPolygon, onExclusion }: Options) {
  const [tool, setTool] = useState<Tool | null>(null);
  const [drag, setDrag] = useState<{ from: Point; to: Point } | null>(null);
  const [corners, setCorners] = useState<Point[]>([]);

  const outline = outlineOf(area);
  const xs = [...outline.map(([x]) => x), ...area.exclusions.map((e) => e.x + e.widthM)];
  const ys = [...outline.map(([, y]) => y), ...area.exclusions.map((e) => e.y + e.lengthM)];
  const { minor, major } = GRID[unit];
  // Room to draw something larger than what is there; the extent moves in whole major steps so it stays put while drawing.
  const extent = Math.max(major * 2, Math.ceil((Math.max(0, ...xs, ...ys) * 1.4) / major) * major);
  const stroke = extent / 300;

  useEffect(() => {
    if (!drag && !corners.length) return;
    const cancel = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setDrag(null);
      setCorners([]);
    };
    window.addEventListener('keydown', cancel);
    return () => window.removeEventListener('keydown', cancel);
  }, [drag, corners.length]);

  const pointAt = (event: ReactPointerEvent): Point | null => {
    const svg = svgRef.current;
    const matrix = svg?.getScreenCTM();
    if (!svg || !matrix) return null;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const clamp = (v: number) => Math.min(extent, Math.max(0, v));
    return [snapLength(clamp(p.x), unit), snapLength(clamp(p.y), unit)];
  };

  const nearFirstCorner = (event: ReactPointerEvent) => {
    const first = corners[0];
    const matrix = svgRef.current?.getScreenCTM();
    if (!first || !matrix || corners.length < 3) return false;
    const screen = new DOMPoint(first[0], first[1]).matrixTransform(matrix);
    return Math.hypot(screen.x - event.clientX, screen.y - event.clientY) <= CLOSE_PX;
  };

  const closePolygon = () => {
    if (corners.length >= 3) onPolygon(toOrigin(corners));
    setCorners([]);
  };

  const onPointerDown = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (!tool || event.button !== 0) return;
    const p = pointAt(event);
    if (!p) return;
    if (tool === 'rect') {
      event.currentTarget.setPointerCapture?.(event.pointerId);
      setDrag({ from: p, to: p });
    } else if (tool === 'polygon') {
      if (nearFirstCorner(event)) closePolygon();
      else if (corners.length < 100) setCorners((list) => [...list, p]);
    } else {
      const side = EXCLUSION_SIZE_M[tool];
      onExclusion({ kind: tool, x: snapLength(Math.max(0, p[0] - side / 2), unit), y: snapLength(Math.max(0, p[1] - side / 2), unit), widthM: side, lengthM: side });
    }
  };

  const onPointerMove = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (!drag) return;
    const p = pointAt(event);
    if (p) setDrag({ ...drag, to: p });
  };

  const onPointerUp = () => {
    if (!drag) return;
    const width = Math.abs(drag.to[0] - drag.from[0]);
    const length = Math.abs(drag.to[1] - drag.from[1]);
    if (width >= MIN_SIDE_M && length >= MIN_SIDE_M) onRectangle(width, length);
    setDrag(null);
  };

  const choose = (next: Tool) => {
    setTool((current) => (current === next ? null : next));
    setCorners([]);
    setDrag(null);
  };

  return {
    tool,
    choose,
    drag,
    corners,
    setCorners,
    closePolygon,
    outline,
    extent,
    stroke,
    minor,
    major,
    pointer: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: () => setDrag(null) },
  };
}
