import type { Explained } from '@meltway/shared/design/design.schema';
import { PROJECT_STATUSES, READING_PHASES, type ProjectStatus } from '@meltway/shared/design/project.schema';

type Tracked = {
  status: ProjectStatus;
  /** Every mat and cable of the design, as the installer tests them. */
  units: readonly { unit: string }[];
  readings: readonly { unit: string; phase: string }[];
  photoCount: number;
};

const explained = (code: string, params: Explained['params'], text: string): Explained => ({ code, params, text });

/** What a project still needs before it can be inspected, in the order an installer meets it; empty when nothing. */
export function missingForInspection(p: Tracked): Explained[] {
  const missing: Explained[] = [];
  if (PROJECT_STATUSES.indexOf(p.status) < PROJECT_STATUSES.indexOf('installed')) {
    missing.push(explained('missingInstalled', { status: p.status }, 'The project is not installed yet'));
  }
  const recorded = new Set(p.readings.map((r) => `${r.unit} ${r.phase}`));
  for (const { unit } of p.units) {
    for (const phase of READING_PHASES) {
      if (!recorded.has(`${unit} ${phase}`)) missing.push(explained('missingReading', { unit, phase }, `No reading of ${unit} ${phase} the pour`));
    }
  }
  if (p.photoCount === 0) missing.push(explained('missingPhoto', {}, 'No photo of the installation yet'));
  return missing;
}

/** The status a project may move to from `status`, or null once inspected. */
export function nextStatus(status: ProjectStatus): ProjectStatus | null {
  return PROJECT_STATUSES[PROJECT_STATUSES.indexOf(status) + 1] ?? null;
}
