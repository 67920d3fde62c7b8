import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { PERMISSIONS } from '@meltway/shared/accounts/permissions';
import en from '@/locales/en/dashboard.json';
import { renderWithApp } from '@/test/render';
import RolesPage from './roles-page';

describe('Roles matrix', () => {
  it('reads the shared permission table: allowed, own records only, or not', () => {
    renderWithApp(<RolesPage />);
    const row = (name: RegExp) => within(screen.getByRole('row', { name }));
    expect(row(/Create a dealer/).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'Allowed',
      'Not allowed',
      'Not allowed',
      'Not allowed',
    ]);
    expect(row(/Approve or reject a pending account/).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'Allowed',
      'Own records only',
      'Not allowed',
      'Not allowed',
    ]);
  });

  it('names every permission the server enforces, in words', () => {
    const labels: Record<string, string> = en.roles.permissions;
    const unnamed = Object.keys(PERMISSIONS).filter((key) => !labels[key.replace('.', '_')]);
    expect(unnamed).toEqual([]);
  });
});
