import { MAX_AREA_M2, MAX_AREAS, MAX_EXCLUSIONS, type DesignInput } from '@meltway/shared/design/design.schema';

const side = Math.sqrt(MAX_AREA_M2 / MAX_AREAS);

/**
 * The largest design the limits accept, and the costliest we know for the engine: every area allowed, together
 * the most square metres, each with every exclusion allowed (drains in a grid, which split each cable run five
 * times), at the class density's top (the closest cable spacing, the most reels and circuits), the system left
 * to the engine (it lays out both mats and cable). What the bench times and the tests bound.
 */
export const LARGEST_DESIGN: DesignInput = {
  classDensityWm2: 1300,
  snowFreeRatio: 1,
  voltage: 240,
  system: 'auto',
  province: 'ON',
  areas: Array.from({ length: MAX_AREAS }, (_, i) => ({
    name: `Area ${i + 1}`,
    widthM: side,
    lengthM: side,
    exclusions: Array.from({ length: MAX_EXCLUSIONS }, (_, j) => ({
      kind: 'drain' as const,
      x: ((j % 5) + 0.5) * (side / 5) - 0.15,
      y: (Math.floor(j / 5) + 0.5) * (side / (MAX_EXCLUSIONS / 5)) - 0.15,
      widthM: 0.3,
      lengthM: 0.3,
    })),
  })),
};
