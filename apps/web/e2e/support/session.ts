import { expect, type APIRequestContext, type Page } from '@playwright/test';

export async function signInThroughPage(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in through the API and returns the bearer token, for setup steps the dashboard does not have yet. */
export async function apiToken(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/v1/users/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * Waits until the browser has taken over a page the server rendered: fields filled or options chosen
 * before then would be reset by the app's own state when it attaches (index.html marks the wait).
 */
export async function untilTakenOver(page: Page) {
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrating');
}
