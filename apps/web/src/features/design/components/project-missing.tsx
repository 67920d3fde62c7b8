import { useTranslation } from 'react-i18next';
import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { PROJECT_STATUSES, READING_PHASES, type DesignProject } from '@meltway/shared/design/project.schema';
import { localeTag } from '@/lib/i18n';

type Item = DesignProject['missing'][number];

/** A unit's name (`A1-M12`) kept on one line: the list breaks between units, never inside one. */
const unbroken = (unit: string) => unit.replace(/-/g, '\u2011');

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T => values.includes(value as T);

/**
 * The missing items as the reader takes them in: the server names each untested unit and phase apart, which
 * for a large driveway is dozens of lines, so those become one line per phase listing the units. A failed test
 * keeps its own line, with what failed.
 */
function grouped(missing: Item[]) {
  const untested = new Map<string, string[]>();
  const rest: Item[] = [];
  for (const item of missing) {
    const { unit, phase } = item.params;
    if (item.code === 'missingReading' && typeof unit === 'string' && isOneOf(READING_PHASES, phase)) {
      const units = untested.get(phase) ?? [];
      if (!units.length) untested.set(phase, units);
      units.push(unit);
    } else rest.push(item);
  }
  return { untested: READING_PHASES.flatMap((phase) => (untested.has(phase) ? [[phase, untested.get(phase)!] as const] : [])), rest };
}

/** What the project still needs before inspection, each item in the reader's language by its code and values. */
export function ProjectMissing({ project }: { project: DesignProject }) {
  const { t, i18n } = useTranslation('design-projects');
  const number = new Intl.NumberFormat(localeTag(i18n.resolvedLanguage), { maximumFractionDigits: 3 });
  const figure = (value: unknown) => (typeof value === 'number' ? number.format(value) : String(value));
  // What a failed test failed, from its figures: insulation, continuity or both.
  const failure = (params: Item['params']) =>
    [
      ...(params.failed !== 'continuity' ? [t('missing.failures.insulation', { insulation: figure(params.insulationMOhm), minInsulation: figure(params.minInsulationMOhm) })] : []),
      ...(params.failed !== 'insulation' ? [t('missing.failures.continuity', { continuity: figure(params.continuityOhm), minOhm: figure(params.minOhm), maxOhm: figure(params.maxOhm) })] : []),
    ].join(t('missing.failures.and'));
  // A phase or a status arrives as its code: it is worded here with the rest of the sentence.
  const text = ({ code, params, text: english }: Item) =>
    t(`missing.codes.${code}`, {
      ...params,
      phase: isOneOf(READING_PHASES, params.phase) ? t(`phases.${params.phase}`) : params.phase,
      status: isOneOf(PROJECT_STATUSES, params.status) ? t(`status.${params.status}`) : params.status,
      ...(code === 'missingReadingFailed' ? { failure: failure(params) } : {}),
      defaultValue: english,
    });

  if (project.missing.length === 0) {
    return (
      <p className="flex items-start gap-2 text-sm text-success">
        <CircleCheckIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        {t('missing.none')}
      </p>
    );
  }
  const { untested, rest } = grouped(project.missing);
  const lines = [
    ...rest.map((item, index) => ({ key: `${item.code}-${index}`, text: text(item) })),
    ...untested.map(([phase, units]) => ({ key: `untested-${phase}`, text: t('missing.untested', { phase: t(`phases.${phase}`), units: units.map(unbroken).join(', '), count: units.length }) })),
  ];
  return (
    <ul className="grid gap-2 text-sm">
      {lines.map((line) => (
        <li key={line.key} className="flex items-start gap-2">
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-ember" aria-hidden />
          <span className="[overflow-wrap:anywhere]">{line.text}</span>
        </li>
      ))}
    </ul>
  );
}
