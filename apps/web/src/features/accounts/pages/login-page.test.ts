import { describe, expect, it } from 'vitest';
import { destinationFor, safeRedirect } from './login-page';

describe('where sign-in leads', () => {
  it('sends staff to the dashboard and everyone else home', () => {
    expect(destinationFor({ role: 'admin' }, null)).toBe('/dashboard');
    expect(destinationFor({ role: 'dealer' }, null)).toBe('/dashboard');
    expect(destinationFor({ role: 'customer' }, null)).toBe('/');
    expect(destinationFor({ role: 'contractor' }, null)).toBe('/');
  });

  it('returns to the page asked for, unless it is a dashboard page the user may not see', () => {
    expect(destinationFor({ role: 'admin' }, '/dashboard/courses')).toBe('/dashboard/courses');
    expect(destinationFor({ role: 'customer' }, '/cart')).toBe('/cart');
    expect(destinationFor({ role: 'customer' }, '/dashboard/courses')).toBe('/');
  });

  it('never follows a link off the site', () => {
    for (const bad of ['https://evil.test', '//evil.test', '/\\evil.test', 'javascript:alert(1)']) {
      expect(safeRedirect(bad)).toBeNull();
    }
  });
});
