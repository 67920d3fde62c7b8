import { describe, expect, it } from 'vitest';
import { MAX_AREAS, MAX_CORNERS, MAX_EXCLUSIONS } from '@meltway/shared/design/design.schema';
import { DESIGN_BODY_LIMIT } from './design-limits.js';

describe('the body limit of a design', () => {
  it('holds the largest project the schema accepts, written with the longest numbers and texts', () => {
    const n = -0.12345678901234568;
    const name = '\u{1F6A7}'.repeat(30);
    const area = {
      name,
      polygon: Array.from({ length: MAX_CORNERS }, () => [n, n]),
      exclusions: Array.from({ length: MAX_EXCLUSIONS }, () => ({ kind: 'other', x: n, y: n, widthM: n, lengthM: n })),
    };
    const input = {
      city: 'é'.repeat(60),
      weather: { snowfallMmPerHour: n, airTempC: n, windMs: n, humidityPct: n },
      classDensityWm2: n,
      snowFreeRatio: n,
      backLossPct: n,
      voltage: 240,
      system: 'auto',
      surface: 'concrete',
      control: 'pavement',
      province: 'ON',
      electricityCentsPerKwh: n,
      areas: Array.from({ length: MAX_AREAS }, () => area),
    };
    const bytes = Buffer.byteLength(JSON.stringify({ name: 'é'.repeat(120), input, shared: true, status: 'inspected' }));
    expect(bytes).toBeLessThanOrEqual(DESIGN_BODY_LIMIT);
    // And not far more: a larger limit would only let larger bodies be read.
    expect(DESIGN_BODY_LIMIT).toBeLessThan(bytes * 1.5);
  });
});
