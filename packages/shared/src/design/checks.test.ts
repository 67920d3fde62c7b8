import { describe, expect, it } from 'vitest';
import { calculateDesign } from './calculate.js';
import { DesignInput, type DesignInput as DesignInputType, type DesignProduct } from './design.schema.js';
import { DEMO_CATALOGUE } from './test/catalogue.js';

const without = (...skus: string[]): DesignProduct[] => DEMO_CATALOGUE.filter((p) => !skus.includes(p.sku));
const design = (input: DesignInputType, catalogue = DEMO_CATALOGUE) => calculateDesign(DesignInput.parse(input), catalogue);
// One 0.6 × 19.8 m mat: 4810 W, 20.04 A at 240 V → 20.04 / 0.8 = 25.05 A → a 30 A breaker.
const oneMat: DesignInputType = { classDensityWm2: 300, snowFreeRatio: 0, voltage: 240, system: 'mat', areas: [{ name: 'Strip', widthM: 0.6, lengthM: 19.8 }] };

describe('checks and the bill of materials', () => {
  it('lists the next larger breaker the catalogue has, and fails the size check', () => {
    const result = design(oneMat, without('TP-GFEP-30'));
    expect(result.circuits[0]).toMatchObject({ loadAmps: 20.04, breakerAmps: 40 });
    expect(result.bom.find((l) => l.role === 'breaker')!.sku).toBe('TP-GFEP-40');
    expect(result.checks.find((c) => c.ruleCode === 'ruleBreakerSize')).toMatchObject({ passed: false, code: 'checkBreakerSizeMissing', params: { circuit: 'C1', needed: 30, used: 40 } });
  });

  it('fails the GFEP and catalogue checks when the catalogue has no breaker at all', () => {
    const result = design(oneMat, without('TP-GFEP-20', 'TP-GFEP-30', 'TP-GFEP-40'));
    expect(result.bom.some((l) => l.role === 'breaker')).toBe(false);
    expect(result.checks.filter((c) => !c.passed).map((c) => c.ruleCode)).toEqual(['ruleGfep', 'ruleBreakerSize', 'ruleCatalogue']);
  });

  it('fails the warning-sign check when the catalogue has no sign', () => {
    const result = design(oneMat, without('TP-ACC-SIGN'));
    expect(result.checks.find((c) => c.ruleCode === 'ruleSign')).toMatchObject({ passed: false, code: 'checkSignMissing' });
    expect(result.checks.find((c) => c.ruleCode === 'ruleCatalogue')).toMatchObject({ passed: false, params: { missing: 'warning sign' } });
  });

  it('lists the sensor, its housing and the controller of the control chosen', () => {
    const roles = (control: DesignInputType['control']) => design({ ...oneMat, control }).bom.filter((l) => ['controller', 'sensor', 'accessory'].includes(l.role)).map((l) => l.sku);
    expect(roles('manual')).toEqual(['MW-CTL-TMR']);
    expect(roles('aerial')).toEqual(['NF-CTL-SNW', 'NF-SEN-AER']);
    expect(roles('pavement')).toEqual(['NF-CTL-SNW', 'NF-SEN-PAV', 'NF-ACC-HSG']);
  });

  it('counts tape rolls for cable, and recommends ordering ahead when stock is short', () => {
    // 30 × 12 m of cable at 1,290 W/m²: many 600 ft reels, of which the demo has none in stock.
    const result = design({ classDensityWm2: 1200, snowFreeRatio: 1, voltage: 240, system: 'cable', areas: [{ name: 'Lot', widthM: 12, lengthM: 30 }] });
    const reel = result.bom.find((l) => l.sku === 'MW-CBL-600')!;
    expect(reel.stock).toBe(0);
    expect(result.recommendations.find((r) => r.topic === 'stock' && r.params.sku === 'MW-CBL-600')).toMatchObject({ params: { quantity: reel.quantity, stock: 0 } });
    // Heated area (12 − 0.2) × (30 − 0.2) = 351.64 m²; strapping every 1.5 m: 351.64 / 1.5 = 234.4 m → 8 rolls of 30 m.
    expect(result.bom.find((l) => l.sku === 'MW-ACC-TAPE')!.quantity).toBe(8);
  });

  describe('the electrical service', () => {
    // The 6 × 10 m driveway of mats (calculate.test.ts): 23,680 W / 240 V = 98.67 A on the service.
    const driveway: DesignInputType = { classDensityWm2: 400, snowFreeRatio: 0, voltage: 240, system: 'mat', areas: [{ name: 'Driveway', widthM: 6, lengthM: 10 }] };
    const service = (input: DesignInputType) => design(input).checks.find((c) => c.ruleCode === 'ruleService')!;

    it('warns above 80 A on a residential design when no service size is entered', () => {
      expect(service(driveway)).toMatchObject({ passed: true, warning: true, code: 'checkServiceOverResidential', params: { amps: 98.67, voltage: 240, limit: 80 } });
      expect(service(driveway).detail).toBe('The design draws 98.67 A at 240 V, more than the 80 A we check a home against: an electrician must assess the electrical service before it is installed');
      // One 0.6 × 19.8 m mat: 20.04 A, within 80 A: stated, no warning.
      expect(service(oneMat)).toMatchObject({ passed: true, code: 'checkServiceWithinResidential', params: { amps: 20.04, limit: 80 } });
      expect(service(oneMat).warning).toBeUndefined();
    });

    it('warns above 80% of the service size entered: 80 A of 100 A, 160 A of 200 A', () => {
      expect(service({ ...driveway, serviceAmps: 100 })).toMatchObject({ warning: true, code: 'checkServiceOver', params: { amps: 98.67, limit: 80, service: 100 } });
      const on200 = service({ ...driveway, serviceAmps: 200 });
      expect(on200).toMatchObject({ passed: true, code: 'checkServiceWithin', params: { amps: 98.67, limit: 160, service: 200 } });
      expect(on200.warning).toBeUndefined();
    });

    it('only states the current of a design that is not residential when no size is entered', () => {
      const commercial = service({ ...driveway, snowFreeRatio: 0.5, classDensityWm2: 300 });
      expect(commercial).toMatchObject({ passed: true, code: 'checkServiceTotal' });
      expect(commercial.warning).toBeUndefined();
    });

    it('refuses a service size other than 100 or 200 A', () => {
      expect(DesignInput.safeParse({ ...driveway, serviceAmps: 150 }).error?.issues[0]).toMatchObject({ path: ['serviceAmps'], message: 'Choose a 100 A or 200 A service, or leave it empty' });
    });
  });
});
