import { describe, expect, it } from 'vitest';
import { boundingBox, centroidOf, distanceKm, parsePostalAreas } from './postal-areas.js';

describe('postal areas', () => {
  it('reads the FSA table: quoted place names, the first of an FSA listed twice', () => {
    const areas = parsePostalAreas('fsa,place,province_code,latitude,longitude\nE1H,"Lakeville, Shediac Bridge",NB,46.1732,-64.6957\nL9X,Barrie,ON,44.4001,-79.6663\nL9X,Midhurst,ON,44.4438,-79.7318\n');
    expect([...areas]).toEqual([
      ['E1H', { latitude: 46.1732, longitude: -64.6957 }],
      ['L9X', { latitude: 44.4001, longitude: -79.6663 }],
    ]);
    expect(centroidOf('K1A')).toEqual({ latitude: 45.4207, longitude: -75.7023 });
    expect(centroidOf('V0N')).toEqual({ latitude: 51.2944, longitude: -126.0745 });
    expect(centroidOf('K0Z')).toBeUndefined();
  });

  it('boxes every point within the distance, however far north', () => {
    for (const c of [centroidOf('K1A')!, centroidOf('X0A')!, { latitude: 89, longitude: -100 }]) {
      const box = boundingBox(c, 300);
      for (let bearing = 0; bearing < 360; bearing += 5) {
        // The point 299.9 km away at this bearing (the sphere's destination formula).
        const d = 299.9 / 6371;
        const b = (bearing * Math.PI) / 180;
        const lat1 = (c.latitude * Math.PI) / 180;
        const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
        const lon2 = (c.longitude * Math.PI) / 180 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
        const p = { latitude: (lat2 * 180) / Math.PI, longitude: ((((lon2 * 180) / Math.PI + 540) % 360) - 180) };
        expect(distanceKm(c, p)).toBeCloseTo(299.9, 6);
        expect(p.latitude).toBeGreaterThanOrEqual(box.minLatitude);
        expect(p.latitude).toBeLessThanOrEqual(box.maxLatitude);
        expect(p.longitude).toBeGreaterThanOrEqual(box.minLongitude);
        expect(p.longitude).toBeLessThanOrEqual(box.maxLongitude);
      }
    }
  });
});
