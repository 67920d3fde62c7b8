import { describe, expect, it } from 'vitest';
import { DEMO_CATALOGUE } from '@meltway/shared/design/test/catalogue';
import { EMPTY_DRAFT, newArea, type DesignDraft } from './design-draft';
import { evaluateDesign } from './evaluate-design';

const draft = (patch: Partial<DesignDraft>): DesignDraft => ({
  ...EMPTY_DRAFT,
  city: 'ottawa-on',
  areas: [newArea('Driveway', 'driveway'), newArea('Walkway', 'walkway')],
  ...patch,
});

describe('the design computed in the browser', () => {
  it('designs every area from the catalogue, with circuits, a bill of materials and its total', () => {
    const { result, issues } = evaluateDesign(draft({}), DEMO_CATALOGUE);
    expect(issues).toEqual([]);
    expect(result!.areas.map((a) => a.name)).toEqual(['Driveway', 'Walkway']);
    expect(result!.circuits.length).toBeGreaterThan(0);
    expect(result!.totals.priceCents).toBe(result!.bom.reduce((sum, line) => sum + line.lineTotalCents, 0));
  });

  it('gives nothing, and no complaint, before the first area', () => {
    expect(evaluateDesign(draft({ areas: [] }), DEMO_CATALOGUE)).toEqual({ result: null, issues: [] });
  });

  it("puts the shared schema's complaint at the field it names", () => {
    const { result, issues } = evaluateDesign(draft({ areas: [newArea('Driveway', 'driveway'), { ...newArea('Walkway', 'walkway'), widthM: NaN }] }), DEMO_CATALOGUE);
    expect(result).toBeNull();
    expect(issues).toEqual([{ field: 'areas.1.widthM', message: 'Enter a size from 0.3 m to 200 m' }]);
  });

  it("puts the engine's refusal at the field it names, with its code and values", () => {
    const { issues } = evaluateDesign(draft({ voltage: 120 }), DEMO_CATALOGUE);
    expect(issues).toEqual([
      {
        field: 'voltage',
        message: 'No mat or cable in the catalogue is rated for 120 V: their ratings are 240 V, and a heater runs at its rating or below it (down to 80% of it), never above',
        code: 'design.voltageUnsupported',
        params: { voltage: 120, ratings: '240' },
      },
    ]);
  });

  it('asks for the design weather when the city has none and no class density is chosen', () => {
    const { issues } = evaluateDesign(draft({ weatherSource: 'city' }), DEMO_CATALOGUE);
    expect(issues[0]).toMatchObject({ field: 'weather', code: 'design.weatherRequired', params: { city: 'Ottawa' } });
  });
});
