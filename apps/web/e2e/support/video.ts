import type { Page } from '@playwright/test';

/** The video site is out of reach here: the player's page must work without it. */
export const withoutVideoSite = (page: Page) => page.route(/youtube(-nocookie)?\.com/, (route) => route.abort());
