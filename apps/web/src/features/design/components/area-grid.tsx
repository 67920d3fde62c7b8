import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleDotIcon, PentagonIcon, SquareIcon, SquareDotIcon, Undo2Icon, XIcon } from 'lucide-react';
import type { Exclusion, Point } from '@meltway/shared/design/design.schema';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { AreaDraft } from './design-draft';
import { formatNumber } from '@/lib/format-number';
import { toUnit, type LengthUnit } from './units';
import { useAreaGrid, type Tool } from './use-area-grid';

type Props = {
  area: AreaDraft;
  unit: LengthUnit;
  onRectangle: (widthM: number, lengthM: number) => void;
  onPolygon: (polygon: Point[]) => void;
  onExclusion: (exclusion: Exclusion) => void;
};

const TOOLS: { id: Tool; icon: typeof SquareIcon }[] = [
  { id: 'rect', icon: SquareIcon },
  { id: 'polygon', icon: PentagonIcon },
  { id: 'drain', icon: SquareDotIcon },
  { id: 'post', icon: CircleDotIcon },
];

/**
 * The drawing grid of one area: drag a rectangle, click the corners of a polygon (closing on the first
 * one), or click to place a drain or a post; points snap to 0.1 m or half a foot. The typed dimensions,
 * corners and exclusions beside it do the same from the keyboard.
 */
export function AreaGrid({ area, unit, onRectangle, onPolygon, onExclusion }: Props) {
  const { t } = useTranslation('design');
  const uid = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  const grid = useAreaGrid({ svgRef, area, unit, onRectangle, onPolygon, onExclusion });
  const { tool, drag, corners, outline, extent, stroke } = grid;

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-1.5" role="toolbar" aria-label={t('grid.tools')}>
        {TOOLS.map(({ id, icon: Icon }) => (
          <Button key={id} variant={tool === id ? 'default' : 'outline'} size="sm" aria-pressed={tool === id} onClick={() => grid.choose(id)}>
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
        {...grid.pointer}
      >
        <title id={`${uid}-title`}>{t('grid.title', { name: area.name })}</title>
        <GridLines unit={unit} extent={extent} stroke={stroke} minor={grid.minor} major={grid.major} />
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
          <Button size="sm" variant="outline" onClick={grid.closePolygon} disabled={corners.length < 3}>
            <PentagonIcon aria-hidden />
            {t('grid.close', { count: corners.length })}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => grid.setCorners((list) => list.slice(0, -1))}>
            <Undo2Icon aria-hidden />
            {t('grid.undo')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => grid.setCorners([])}>
            <XIcon aria-hidden />
            {t('grid.cancel')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The grid's lines every `minor` metres, stronger and labelled (in the unit shown) every `major`. */
function GridLines({ unit, extent, stroke, minor, major }: { unit: LengthUnit; extent: number; stroke: number; minor: number; major: number }) {
  const { i18n } = useTranslation('design');
  const lines: number[] = [];
  for (let v = 0; v <= extent + 1e-9; v += minor) lines.push(v);
  const label = (metres: number) => formatNumber(toUnit(metres, unit), i18n.language, 0);
  const isMajor = (v: number) => Math.abs(v / major - Math.round(v / major)) < 1e-6;
  return (
    <>
      {lines.map((v) => (
        <g key={v} className={isMajor(v) ? 'stroke-input' : 'stroke-border'} strokeWidth={isMajor(v) ? stroke * 1.2 : stroke * 0.6}>
          <line x1={v} y1={0} x2={v} y2={extent} />
          <line x1={0} y1={v} x2={extent} y2={v} />
        </g>
      ))}
      <g className="fill-muted-foreground" fontSize={extent * 0.03} aria-hidden>
        {lines
          .filter((v) => v > 0 && isMajor(v))
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
    </>
  );
}
