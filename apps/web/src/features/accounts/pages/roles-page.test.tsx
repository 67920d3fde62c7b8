import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
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
});
