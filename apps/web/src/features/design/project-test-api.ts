import { judgeReading, readingRule } from '@meltway/shared/design/readings';
import { vi } from 'vitest';
import type { DesignResult } from '@meltway/shared/design/design.schema';
import type { DesignProject } from '@meltway/shared/design/project.schema';

/** A reading's judgement as the API gives it, for a unit of `watts` at 240 V. */
export const judged = (reading: { insulationMOhm: number; continuityOhm: number }, watts: number) => {
  const rule = readingRule({ watts }, 240);
  return { ...judgeReading(reading, rule), rule };
};

/** One request as the page sent it. */
type SentRequest = { method: string; path: string; query: URLSearchParams; body: unknown };
type Handler = ((request: SentRequest) => unknown) | Response | object;

/**
 * Stands in for the API in the projects' unit tests: answers `"<METHOD> <path>"` from `routes` (a Response,
 * or a value sent as JSON) and records every request; anything else is a 404, as the real server answers.
 */
export function stubProjectApi(routes: Record<string, Handler>) {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const request: SentRequest = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      sent.push(request);
      const handler = routes[`${request.method} ${request.path}`];
      if (!handler) return Response.json({ message: 'Project not found', code: 'design.designNotFound' }, { status: 404 });
      const answer: unknown = typeof handler === 'function' ? await (handler as (r: SentRequest) => unknown)(request) : handler;
      return answer instanceof Response ? answer : Response.json(answer);
    }),
  );
  return { sent, to: (method: string, path: string) => sent.filter((r) => r.method === method && r.path === path) };
}

export const PROJECT_ID = '00000000-0000-4000-8000-00000000d001';
export const COPY_ID = '00000000-0000-4000-8000-00000000d002';

/** A two-area driveway of 3 mats, designed, with one test recorded and nothing else. */
export function projectOf(overrides: Partial<DesignProject> = {}): DesignProject {
  return {
    id: PROJECT_ID,
    name: 'Driveway, 12 Elm Street',
    status: 'designed',
    shared: false,
    ownerName: 'Chris Contractor',
    ownerRole: 'contractor',
    areaM2: 24,
    watts: 9600,
    priceCents: 482_500,
    updatedAt: '2026-01-12T15:00:00.000Z',
    createdAt: '2026-01-10T15:00:00.000Z',
    editable: true,
    orderable: true,
    input: { city: 'ottawa-on', snowFreeRatio: 0, voltage: 240, areas: [{ name: 'Left strip', widthM: 3, lengthM: 4 }] },
    // The page hands the result to the generator's view as it is; these tests stand that view in.
    result: { totals: { priceCents: 482_500 } } as DesignResult,
    units: [
      { unit: 'A1-M1', area: 'Left strip', sku: 'MW-MAT-240-3', name: 'Mat 0.6 × 5 m, 240 V', watts: 900, rule: readingRule({ watts: 900 }, 240) },
      { unit: 'A2-M1', area: 'Right strip', sku: 'MW-MAT-240-3', name: 'Mat 0.6 × 5 m, 240 V', watts: 900, rule: readingRule({ watts: 900 }, 240) },
    ],
    readings: [
      {
        id: '00000000-0000-4000-8000-00000000e001',
        unit: 'A1-M1',
        phase: 'before',
        insulationMOhm: 1500,
        continuityOhm: 64,
        recordedAt: '2026-01-11T15:00:00.000Z',
        recordedBy: 'Chris Contractor',
        ...judged({ insulationMOhm: 1500, continuityOhm: 64 }, 900),
      },
    ],
    photos: [],
    missing: [{ code: 'missingReading', params: { unit: 'A2-M1', phase: 'before' }, text: 'No reading of A2-M1 before the pour' }],
    siteAddress: '12 Elm Street, Ottawa',
    siteOwner: 'Pat Homeowner',
    installerCompany: '',
    installerLicence: '',
    ...overrides,
  };
}
