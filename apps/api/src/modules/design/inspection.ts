import type { DesignProduct, DesignResult, Explained } from '@meltway/shared/design/design.schema';
import { PROJECT_STATUSES, READING_PHASES, type DesignProject, type ProjectStatus } from '@meltway/shared/design/project.schema';
import { judgeReading, readingRule } from '@meltway/shared/design/readings';
import { designUnits } from '@meltway/shared/design/units';
import type { ReadingRow } from './tracking.repo.js';

type JudgedReading = DesignProject['readings'][number];
type JudgedUnit = DesignProject['units'][number];

/** The rule no reading of a unit the design no longer has can meet. */
const NO_RULE = readingRule({ watts: 0 }, 0);

/**
 * The project's units with the rule each is judged by (the design's watts and volts, and the least insulation
 * resistance the unit's product states in the catalogue now: 100 MΩ when it states none higher), and its readings
 * as recorded, each judged by its unit's rule. The one place readings are judged: the project's page, its move to
 * `inspected` and its permit pack all use it.
 */
export function judgedInstallation(
  rows: readonly ReadingRow[],
  result: DesignResult,
  catalogue: readonly Pick<DesignProduct, 'sku' | 'minInsulationMOhm'>[],
): { units: JudgedUnit[]; readings: JudgedReading[] } {
  const minInsulation = new Map(catalogue.map((p) => [p.sku, p.minInsulationMOhm ?? null]));
  const units = designUnits(result).map((u) => ({ ...u, rule: readingRule(u, result.voltage, minInsulation.get(u.sku)) }));
  const rules = new Map(units.map((u) => [u.unit, u.rule]));
  const readings = rows.map((r) => {
    const rule = rules.get(r.unit);
    return {
      id: r.id,
      unit: r.unit,
      phase: r.phase as JudgedReading['phase'],
      insulationMOhm: r.insulationMOhm,
      continuityOhm: r.continuityOhm,
      recordedAt: r.recordedAt.toISOString(),
      recordedBy: r.recordedByName ?? '',
      // A reading of a unit the design no longer has passes nothing.
      ...(rule ? judgeReading(r, rule) : { passed: false, insulationPassed: false, continuityPassed: false }),
      rule: rule ?? NO_RULE,
    };
  });
  return { units, readings };
}

type Tracked = {
  status: ProjectStatus;
  /** Every mat and cable of the design, as the installer tests them. */
  units: readonly { unit: string }[];
  readings: readonly Pick<JudgedReading, 'unit' | 'phase' | 'insulationMOhm' | 'continuityOhm' | 'insulationPassed' | 'continuityPassed' | 'passed' | 'rule'>[];
  photoCount: number;
};

const explained = (code: string, params: Explained['params'], text: string): Explained => ({ code, params, text });

/** A failed reading, as the installer must know it: which part failed, what it read and what its rule asks. */
function failedReading(r: Tracked['readings'][number]): Explained {
  const failed = !r.insulationPassed && !r.continuityPassed ? 'both' : r.insulationPassed ? 'continuity' : 'insulation';
  const parts = [
    ...(r.insulationPassed ? [] : [`insulation ${r.insulationMOhm} MΩ, at least ${r.rule.minInsulationMOhm} MΩ needed`]),
    ...(r.continuityPassed ? [] : [`continuity ${r.continuityOhm} Ω, ${r.rule.minOhm}–${r.rule.maxOhm} Ω needed`]),
  ];
  return explained(
    'missingReadingFailed',
    {
      unit: r.unit,
      phase: r.phase,
      failed,
      insulationMOhm: r.insulationMOhm,
      continuityOhm: r.continuityOhm,
      minInsulationMOhm: r.rule.minInsulationMOhm,
      minOhm: r.rule.minOhm,
      maxOhm: r.rule.maxOhm,
    },
    `${r.unit} failed its test ${r.phase} the pour: ${parts.join('; ')}`,
  );
}

/**
 * What a project still needs before it can be inspected, in the order an installer meets it; empty when nothing.
 * Every unit needs a passing reading before and after the pour (`readings` judged by `judgedInstallation`): a failing
 * one is listed with what failed.
 */
export function missingForInspection(p: Tracked): Explained[] {
  const missing: Explained[] = [];
  if (PROJECT_STATUSES.indexOf(p.status) < PROJECT_STATUSES.indexOf('installed')) {
    missing.push(explained('missingInstalled', { status: p.status }, 'The project is not installed yet'));
  }
  const recorded = new Map(p.readings.map((r) => [`${r.unit} ${r.phase}`, r]));
  for (const { unit } of p.units) {
    for (const phase of READING_PHASES) {
      const reading = recorded.get(`${unit} ${phase}`);
      if (!reading) missing.push(explained('missingReading', { unit, phase }, `No reading of ${unit} ${phase} the pour`));
      else if (!reading.passed) missing.push(failedReading(reading));
    }
  }
  if (p.photoCount === 0) missing.push(explained('missingPhoto', {}, 'No photo of the installation yet'));
  return missing;
}

/** The status a project may move to from `status`, or null once inspected. */
export function nextStatus(status: ProjectStatus): ProjectStatus | null {
  return PROJECT_STATUSES[PROJECT_STATUSES.indexOf(status) + 1] ?? null;
}
