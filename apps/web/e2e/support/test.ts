import { test as base } from '@playwright/test';
import { serverFor } from './servers';

/** Playwright's `test`, whose pages and API requests go to the server of the worker's slot (servers.ts). */
export const test = base.extend({
  // The fixture needs none of the others; Playwright reads its dependencies from the destructured first argument.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide, testInfo) => provide(serverFor(testInfo.parallelIndex).baseURL),
});

export { expect } from '@playwright/test';
