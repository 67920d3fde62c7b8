import { useEffect, useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleDotIcon, PentagonIcon, SquareIcon, SquareDotIcon, Undo2Icon, XIcon } from 'lucide-react';
import type { Exclusion, Point } from '@meltway/shared/design/design.schema';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { rectangleCorners, type AreaDraft } from './design-draft';
import { formatNumber } from './format-number';
import { snapLength, toUnit, type LengthUnit } from './units';

type Tool = 'rect' | 'polygon' | 'drain' | 'post';

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

type Props = {
  area: AreaDraft;
  unit: LengthUnit;
  onRectangle: (widthM: number, lengthM: number) => void;
  onPolygon: (polygon: Point[]) => void;
  onExclusion: (exclusion: Exclusion) => void;
};

/**
 * The drawing grid of one area: drag a rectangle, click the corners of a polygon (closing on the first
 * one), or click to place a drain or a post; points snap to 0.1 m or half a foot. The typed dimensions,
 * corners and exclusions beside it do the same from the keyboard.
 */
export function AreaGrid({ area, unit, onRectangle, onPolygon, onExclusion }: Props) {
  const { t, i18n } = useTranslation('design');
  const uid = useId();
  const svgRef = useRef<SVGSVGElement>(null);
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

  const lines: number[] = [];
  for (let v = 0; v <= extent + 1e-9; v += minor) lines.push(v);
  const label = (metres: number) => formatNumber(toUnit(metres, unit), i18n.language, 0);
  const tools: { id: Tool; icon: typeof SquareIcon }[] = [
    { id: 'rect', icon: SquareIcon },
    { id: 'polygon', icon: PentagonIcon },
    { id: 'drain', icon: SquareDotIcon },
    { id: 'post', icon: CircleDotIcon },
  ];

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-1.5" role="toolbar" aria-label={t('grid.tools')}>
        {tools.map(({ id, icon: Icon }) => (
          <Button
            key={id}
            variant={tool === id ? 'default' : 'outline'}
            size="sm"
            aria-pressed={tool === id}
            onClick={() => choose(id)}
          >
            <Icon aria-hidden />
            {t(`grid.tool.${id}`)}
          </Button>
        ))}
      </div>
      <p id={`${uid}-help`} className="text-xs text-muted-foreground" aria-live="polite">
        {tool ? t(`grid.help.${tool}`) : t('grid.help.none')}
      </p>
      <svg
        ref={svgRef}
        viewBox={`${-extent * 0.06} ${-extent * 0.06} ${extent * 1.11} ${extent * 1.11}`}
        role="img"
        aria-labelledby={`${uid}-title`}
        aria-describedby={`${uid}-help`}
        className={cn('aspect-square w-full max-w-md rounded-md border bg-background select-none', tool ? 'cursor-crosshair touch-none' : 'touch-pan-y')}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDrag(null)}
      >
        <title id={`${uid}-title`}>{t('grid.title', { name: area.name })}</title>
        {lines.map((v) => {
          const isMajor = Math.abs(v / major - Math.round(v / major)) < 1e-6;
          return (
            <g key={v} className={isMajor ? 'stroke-input' : 'stroke-border'} strokeWidth={isMajor ? stroke * 1.2 : stroke * 0.6}>
              <line x1={v} y1={0} x2={v} y2={extent} />
              <line x1={0} y1={v} x2={extent} y2={v} />
            </g>
          );
        })}
        <g className="fill-muted-foreground" fontSize={extent * 0.03} aria-hidden>
          {lines
            .filter((v) => v > 0 && Math.abs(v / major - Math.round(v / major)) < 1e-6)
            .map((v) => (
              <g key={v}>
                <text x={v} y={-extent * 0.015} textAnchor="middle">
                  {label(v)}
                </text>
                <text x={-extent * 0.015} y={v} textAnchor="end" dominantBaseline="middle">
                  {label(v)}
                </text>
              </g>
            ))}
        </g>
        {outline.length >= 3 ? (
          <polygon points={outline.map(([x, y]) => `${x},${y}`).join(' ')} className="fill-primary/15 stroke-primary" strokeWidth={stroke * 2} strokeLinejoin="round" />
        ) : null}
        {area.exclusions.map((ex, i) => (
          <rect key={i} x={ex.x} y={ex.y} width={ex.widthM} height={ex.lengthM} className="fill-muted-foreground" />
        ))}
        {drag ? (
          <rect
            x={Math.min(drag.from[0], drag.to[0])}
            y={Math.min(drag.from[1], drag.to[1])}
            width={Math.abs(drag.to[0] - drag.from[0])}
            height={Math.abs(drag.to[1] - drag.from[1])}
            className="fill-ember/10 stroke-ember"
            strokeWidth={stroke * 2}
            strokeDasharray={`${stroke * 6} ${stroke * 4}`}
          />
        ) : null}
        {corners.length ? (
          <g className="stroke-ember fill-ember">
            <polyline points={corners.map(([x, y]) => `${x},${y}`).join(' ')} fill="none" strokeWidth={stroke * 2} />
            {corners.map(([x, y], i) => (
              <circle key={i} cx={x} cy={y} r={stroke * (i === 0 ? 5 : 3)} className={i === 0 ? 'fill-background' : undefined} strokeWidth={stroke * 1.5} />
            ))}
          </g>
        ) : null}
      </svg>
      {corners.length ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={closePolygon} disabled={corners.length < 3}>
            <PentagonIcon aria-hidden />
            {t('grid.close', { count: corners.length })}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setCorners((list) => list.slice(0, -1))}>
            <Undo2Icon aria-hidden />
            {t('grid.undo')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setCorners([])}>
            <XIcon aria-hidden />
            {t('grid.cancel')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
