import { describe, expect, it } from 'vitest';
import { DRAFT_KEY, EMPTY_DRAFT, fieldOf, fromDesignInput, fromFormValues, newArea, saveDraft, toDesignInput, toFormValues, type DesignDraft } from './design-draft';
import { loadDraft } from './stored-draft';

const draft = (patch: Partial<DesignDraft>): DesignDraft => ({ ...EMPTY_DRAFT, city: 'ottawa-on', areas: [newArea('Driveway', 'driveway')], ...patch });

describe('the engine input of a draft', () => {
  it('sends the class density, not the weather, when the class density is chosen', () => {
    const input = toDesignInput(draft({ weatherSource: 'class', classDensityWm2: 450, weather: { snowfallMmPerHour: 2, airTempC: -5, windMs: 4, humidityPct: 80 } }));
    expect(input).toMatchObject({ city: 'ottawa-on', classDensityWm2: 450, snowFreeRatio: 0, backLossPct: 20, voltage: 240 });
    expect(input.weather).toBeUndefined();
  });

  it('sends the typed weather, not the class density, when the weather is typed', () => {
    const weather = { snowfallMmPerHour: 2, airTempC: -5, windMs: 4, humidityPct: 80 };
    const input = toDesignInput(draft({ weatherSource: 'typed', weather }));
    expect(input.weather).toEqual(weather);
    expect(input.classDensityWm2).toBeUndefined();
  });

  it("takes A_r from the class chosen, or the typed one for a custom class, and leaves an empty price to the province's", () => {
    expect(toDesignInput(draft({ snowClass: 'commercial', snowFreeRatio: 0.2 })).snowFreeRatio).toBe(0.5);
    expect(toDesignInput(draft({ snowClass: 'critical' })).snowFreeRatio).toBe(1);
    expect(toDesignInput(draft({ snowClass: 'custom', snowFreeRatio: 0.3 })).snowFreeRatio).toBe(0.3);
    expect(toDesignInput(draft({ electricityCentsPerKwh: NaN })).electricityCentsPerKwh).toBeUndefined();
    expect(toDesignInput(draft({ electricityCentsPerKwh: 9.5 })).electricityCentsPerKwh).toBe(9.5);
  });

  it('leaves the controller to the engine until the reader picks one, and reopens a saved design the same way', () => {
    expect(EMPTY_DRAFT.control).toBe('auto');
    expect(toDesignInput(draft({})).control).toBeUndefined();
    expect(toDesignInput(draft({ control: 'aerial' })).control).toBe('aerial');
    const saved = toDesignInput(draft({}));
    expect(fromDesignInput(saved).control).toBe('auto');
    expect(fromDesignInput({ ...saved, control: 'ambient' }).control).toBe('ambient');
  });

  it('sends a rectangle by its sides and a drawn area by its corners, with their exclusions', () => {
    const drain = { kind: 'drain' as const, x: 1, y: 1, widthM: 0.3, lengthM: 0.3 };
    const areas = toDesignInput(
      draft({
        areas: [
          { ...newArea('Driveway', 'driveway'), exclusions: [drain] },
          { name: 'Path', shape: 'polygon', widthM: 4, lengthM: 3, polygon: [[0, 0], [4, 0], [0, 3]], exclusions: [] },
        ],
      }),
    ).areas;
    expect(areas).toEqual([
      { name: 'Driveway', widthM: 6, lengthM: 12, exclusions: [drain] },
      { name: 'Path', polygon: [[0, 0], [4, 0], [0, 3]], exclusions: undefined },
    ]);
  });

  it('comes back to the same input when a saved design is opened again', () => {
    const input = toDesignInput(draft({ snowClass: 'commercial', weatherSource: 'class', classDensityWm2: 480, voltage: 208, control: 'aerial' }));
    expect(toDesignInput(fromDesignInput(input))).toEqual(input);
  });
});

describe('the field an issue belongs to', () => {
  it('is the area field, the weather field or the top field its path names', () => {
    expect(fieldOf(['areas', 1, 'widthM'])).toBe('areas.1.widthM');
    expect(fieldOf(['areas', 0, 'exclusions', 3, 'x'])).toBe('areas.0.exclusions');
    expect(fieldOf(['areas', 2])).toBe('areas.2');
    expect(fieldOf(['weather', 'airTempC'])).toBe('weather.airTempC');
    expect(fieldOf(['province'])).toBe('city');
    expect(fieldOf(['voltage'])).toBe('voltage');
  });
});

describe('the draft kept in storage', () => {
  it('comes back as it was saved, emptied numbers included', () => {
    const saved = draft({ unit: 'ft', backLossPct: NaN, areas: [{ ...newArea('Stairs', 'stairs'), widthM: NaN }] });
    saveDraft(saved);
    const loaded = loadDraft();
    expect(loaded.unit).toBe('ft');
    expect(loaded.backLossPct).toBeNaN();
    expect(loaded.areas[0]).toMatchObject({ name: 'Stairs', shape: 'rect', lengthM: 3 });
    expect(loaded.areas[0]!.widthM).toBeNaN();
  });

  it('falls back field by field to the defaults when what is stored is not a draft', () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ voltage: 999, city: 'halifax-ns', areas: 'none' }));
    expect(loadDraft()).toEqual({ ...EMPTY_DRAFT, city: 'halifax-ns' });
    localStorage.setItem(DRAFT_KEY, '{not json');
    expect(loadDraft()).toEqual(EMPTY_DRAFT);
  });
});

describe('the draft as the form holds it', () => {
  it('leaves empty numbers undefined for the form and names them NaN again when read back', () => {
    const start = draft({ backLossPct: NaN, electricityCentsPerKwh: 14.2, weather: { snowfallMmPerHour: NaN, airTempC: -7, windMs: NaN, humidityPct: 80 } });
    const values = toFormValues(start);
    expect(values.backLossPct).toBeUndefined();
    expect(values.weather).toEqual({ snowfallMmPerHour: undefined, airTempC: -7, windMs: undefined, humidityPct: 80 });
    expect(values.electricityCentsPerKwh).toBe(14.2);
    const back = fromFormValues(values);
    expect(back.backLossPct).toBeNaN();
    expect(back.weather.snowfallMmPerHour).toBeNaN();
    expect({ ...back, backLossPct: 0, weather: { ...back.weather, snowfallMmPerHour: 0, windMs: 0 } }).toEqual({
      ...start,
      backLossPct: 0,
      weather: { ...start.weather, snowfallMmPerHour: 0, windMs: 0 },
    });
  });
});
