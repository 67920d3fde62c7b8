import { readFileSync } from 'node:fs';

/** A postal area's centroid (GeoNames, CC BY 4.0: `data/ca-fsa-centroids.md`). */
export type Centroid = { latitude: number; longitude: number };

// From src/ and from dist/ alike: the data stays in the source tree, as the migrations do.
const CSV = new URL('../../../src/modules/installers/data/ca-fsa-centroids.csv', import.meta.url);

/** One CSV line's cells: plain, or quoted where a place name holds a comma (the file quotes no quote). */
const cells = (line: string) => [...line.matchAll(/"([^"]*)"|([^,]*)/g)].filter((m) => m.index === 0 || line[m.index - 1] === ',').map((m) => m[1] ?? m[2] ?? '');

/** The FSA table by its three characters; where GeoNames lists an FSA twice, its first place stands. */
export function parsePostalAreas(csv: string): Map<string, Centroid> {
  const areas = new Map<string, Centroid>();
  for (const line of csv.split(/\r?\n/).slice(1)) {
    if (!line) continue;
    const [fsa, , , latitude, longitude] = cells(line);
    if (fsa && !areas.has(fsa)) areas.set(fsa, { latitude: Number(latitude), longitude: Number(longitude) });
  }
  return areas;
}

let areas: Map<string, Centroid> | undefined;

/** The centroid of a forward sortation area (`K1A`), or undefined for one the table does not have. Read once. */
export function centroidOf(fsa: string): Centroid | undefined {
  areas ??= parsePostalAreas(readFileSync(CSV, 'utf8'));
  return areas.get(fsa);
}

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in km (haversine, on a sphere of the Earth's mean radius). */
export function distanceKm(a: Centroid, b: Centroid): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A latitude/longitude box holding every point within `km` of `c` (the longitudes unbounded near a pole). */
export function boundingBox(c: Centroid, km: number) {
  const dLat = (km / EARTH_RADIUS_KM) * (180 / Math.PI);
  const minLatitude = c.latitude - dLat;
  const maxLatitude = c.latitude + dLat;
  if (maxLatitude >= 90 || minLatitude <= -90) return { minLatitude, maxLatitude, minLongitude: -180, maxLongitude: 180 };
  // The widest the box must be is at its edge nearest the pole, where a degree of longitude is shortest.
  const dLon = Math.asin(Math.min(1, Math.sin(km / EARTH_RADIUS_KM) / Math.cos(radians(c.latitude)))) * (180 / Math.PI);
  return { minLatitude, maxLatitude, minLongitude: c.longitude - dLon, maxLongitude: c.longitude + dLon };
}
