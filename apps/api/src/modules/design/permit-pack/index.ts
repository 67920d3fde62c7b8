import type { DesignProject } from '@meltway/shared/design/project.schema';
import type { Language } from '@meltway/shared/common/language';
import { checklistSection } from './checklist.js';
import { packPage } from './page.js';
import { billSection, circuitSection, coverSection, heatFluxSection, planSection } from './sections.js';

/**
 * The permit pack of a saved project as PDF, in English or French: a cover with the site, the plan of every
 * area to scale, the heat-flux calculation with its inputs, formulas and sources, the circuit schedule, the
 * bill of materials, and the CEC Section 62 / NEC Article 426 checklist with the readings recorded so far.
 * Its words are in locales/{en,fr}/design.json (`permitPack`), the engine's sentences in packages/shared.
 */
export async function permitPackPdf(project: DesignProject, lang: Language): Promise<Uint8Array> {
  const page = await packPage(project, lang);
  coverSection(page, project);
  planSection(page, project);
  heatFluxSection(page, project);
  circuitSection(page, project);
  billSection(page, project);
  checklistSection(page, project);
  return page.pdf.finish((n, of) => page.t('page', { page: n, of }));
}
