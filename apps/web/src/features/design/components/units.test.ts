import { describe, expect, it } from 'vitest';
import { areaToUnit, fromUnit, snapLength, toUnit } from './units';

describe('lengths in metres or feet', () => {
  it('converts a foot to 0.3048 m and back', () => {
    expect(fromUnit(10, 'ft')).toBe(3.048);
    expect(toUnit(3.048, 'ft')).toBeCloseTo(10, 10);
    expect(fromUnit(2.5, 'm')).toBe(2.5);
  });

  it('snaps to 0.1 m in metres and to half a foot in feet', () => {
    expect(snapLength(2.46, 'm')).toBe(2.5);
    expect(snapLength(2.44, 'm')).toBe(2.4);
    // 1 m is 3.28 ft: the nearest half foot is 3.5 ft = 1.0668 m.
    expect(snapLength(1, 'ft')).toBe(1.0668);
  });

  it('gives square feet for square metres', () => {
    // 1 m² = 1 / 0.3048² ft² = 10.7639 ft².
    expect(areaToUnit(1, 'ft')).toBeCloseTo(10.7639, 4);
  });
});
