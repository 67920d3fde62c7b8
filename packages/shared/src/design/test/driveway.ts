/**
 * A 3 m × 6 m driveway with a drain, in a stated storm, on 240 V mats: the design the API's route-access
 * table sends and the project-inspection journey starts from. Test data, like catalogue.ts beside it.
 */
export const DESIGN_INPUT = {
  weather: { snowfallMmPerHour: 2, airTempC: -5, windMs: 5, humidityPct: 80 },
  snowFreeRatio: 0.5,
  voltage: 240,
  system: 'mat',
  province: 'ON',
  areas: [{ name: 'Driveway', widthM: 3, lengthM: 6, exclusions: [{ kind: 'drain', x: 1.2, y: 2.5, widthM: 0.2, lengthM: 0.2 }] }],
};
