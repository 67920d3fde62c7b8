import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AreaResult, Point } from '@meltway/shared/design/design.schema';
import { CLEARANCE_M } from '@meltway/shared/design/options';
import { formatNumber, formatPercent } from '@/lib/format-number';
import { toUnit, type LengthUnit } from './units';

type Box = { minX: number; minY: number; maxX: number; maxY: number };

function boundsOf(area: AreaResult): Box {
  const xs = area.polygon.map(([x]) => x);
  const ys = area.polygon.map(([, y]) => y);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

/** The cable's path cut where a new piece starts, so pieces that pass around an exclusion are not joined. */
function cablePieces(area: AreaResult): Point[][] {
  const path = area.cable?.path ?? [];
  const starts = [...new Set([0, ...(area.cable?.breaks ?? []), path.length])].sort((a, b) => a - b);
  return starts.slice(1).map((end, i) => path.slice(starts[i], end)).filter((piece) => piece.length > 1);
}

/** The SVG plan of one area as laid: outline, mats or cable serpentine, exclusions with their clearance, and the overall dimensions. */
export function DesignPlan({ area, unit = 'm' }: { area: AreaResult; unit?: LengthUnit }) {
  const { t, i18n } = useTranslation('design');
  const uid = useId();
  const box = boundsOf(area);
  const width = box.maxX - box.minX;
  const length = box.maxY - box.minY;
  const span = Math.max(width, length, 1);
  // Room around the outline for the dimension lines and their figures, in metres like the drawing.
  const pad = span * 0.06;
  const label = span * 0.12;
  const font = span * 0.045;
  const viewBox = [box.minX - pad, box.minY - pad, width + pad * 2 + label, length + pad * 2 + label].join(' ');
  const size = (metres: number) => `${formatNumber(toUnit(metres, unit), i18n.language, 1)} ${t(`units.${unit}`)}`;
  const outline = area.polygon.map(([x, y]) => `${x},${y}`).join(' ');
  const dimY = box.maxY + pad + label * 0.35;
  const dimX = box.maxX + pad + label * 0.35;
  const system = t(`result.plan.system.${area.system}`);

  return (
    <svg
      viewBox={viewBox}
      role="img"
      aria-labelledby={`${uid}-title ${uid}-desc`}
      className="h-auto max-h-[28rem] w-full"
      preserveAspectRatio="xMidYMid meet"
    >
      <title id={`${uid}-title`}>{t('result.plan.svgTitle', { name: area.name })}</title>
      <desc id={`${uid}-desc`}>
        {t('result.plan.svgDesc', {
          width: size(width),
          length: size(length),
          system,
          count: area.system === 'mat' ? area.mats.length : (area.cable?.products.length ?? 0),
          coverage: formatPercent(area.coveragePct, i18n.language),
        })}
      </desc>
      <polygon points={outline} className="fill-muted stroke-foreground" strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
      {area.mats.map((mat, i) => (
        <rect
          key={i}
          x={mat.x}
          y={mat.y}
          width={mat.widthM}
          height={mat.lengthM}
          className="fill-ember-soft stroke-ember"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
      ))}
      {cablePieces(area).map((piece, i) => (
        <polyline
          key={i}
          points={piece.map(([x, y]) => `${x},${y}`).join(' ')}
          fill="none"
          className="stroke-ember"
          strokeWidth={1.25}
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
        />
      ))}
      {area.exclusions.map((ex, i) => (
        <g key={i}>
          <rect
            x={ex.x - CLEARANCE_M}
            y={ex.y - CLEARANCE_M}
            width={ex.widthM + CLEARANCE_M * 2}
            height={ex.lengthM + CLEARANCE_M * 2}
            fill="none"
            className="stroke-muted-foreground"
            strokeDasharray="3 2"
            strokeWidth={1}
            vectorEffect="non-scaling-stroke"
          />
          <rect x={ex.x} y={ex.y} width={ex.widthM} height={ex.lengthM} className="fill-muted-foreground" />
        </g>
      ))}
      <g className="stroke-muted-foreground" strokeWidth={1}>
        <line x1={box.minX} y1={dimY} x2={box.maxX} y2={dimY} vectorEffect="non-scaling-stroke" />
        <line x1={box.minX} y1={dimY - font / 2} x2={box.minX} y2={dimY + font / 2} vectorEffect="non-scaling-stroke" />
        <line x1={box.maxX} y1={dimY - font / 2} x2={box.maxX} y2={dimY + font / 2} vectorEffect="non-scaling-stroke" />
        <line x1={dimX} y1={box.minY} x2={dimX} y2={box.maxY} vectorEffect="non-scaling-stroke" />
        <line x1={dimX - font / 2} y1={box.minY} x2={dimX + font / 2} y2={box.minY} vectorEffect="non-scaling-stroke" />
        <line x1={dimX - font / 2} y1={box.maxY} x2={dimX + font / 2} y2={box.maxY} vectorEffect="non-scaling-stroke" />
      </g>
      <g className="fill-foreground" fontSize={font} aria-hidden>
        <text x={(box.minX + box.maxX) / 2} y={dimY + font * 1.3} textAnchor="middle">
          {size(width)}
        </text>
        <text
          x={dimX + font * 1.2}
          y={(box.minY + box.maxY) / 2}
          textAnchor="middle"
          transform={`rotate(-90 ${dimX + font * 1.2} ${(box.minY + box.maxY) / 2})`}
        >
          {size(length)}
        </text>
      </g>
    </svg>
  );
}
