import AxeBuilder from '@axe-core/playwright';
import { errors, expect, type Page } from '@playwright/test';

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation.
 *
 * It first lets the page's requests settle. The browser's "network idle" signal takes the page's frames into
 * account, and on a loaded machine a cross-origin frame (the lesson player's video) can leave it never reported
 * although nothing is in flight (seen with every request finished, 4 runs in 5 with two busy cores); so the wait
 * is bounded and the check then runs on the page as it is. Each caller has already waited for what it checks.
 */
export async function expectAccessible(page: Page, label = page.url()) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch((err: unknown) => {
    if (!(err instanceof errors.TimeoutError)) throw err;
  });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking, `axe on ${label}`).toEqual([]);
}
