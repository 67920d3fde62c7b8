import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { EMPTY_DRAFT, toFormValues, type DesignDraft } from './design-draft';
import { SiteFields } from './site-fields';

function Form() {
  const form = useForm<DesignDraft>({ defaultValues: toFormValues(EMPTY_DRAFT) });
  return (
    <FormProvider {...form}>
      <SiteFields issues={{}} />
    </FormProvider>
  );
}

describe('the site fields', () => {
  it("names a Canadian city's NBC 2020 climate and what it is used for, and says a US city has none", async () => {
    const user = userEvent.setup();
    render(<Form />);
    const city = screen.getByRole('combobox', { name: /city/i });
    await user.selectOptions(city, 'yellowknife-nt');
    expect(screen.getByText(/NBC 2020 climate of Yellowknife: January design temperature -41 °C, 100 mm a year/)).toBeInTheDocument();
    expect(screen.getByText(/never for the design heat flux/)).toBeInTheDocument();
    await user.selectOptions(city, 'vancouver-bc');
    expect(screen.getByText(/NBC 2020 climate of Vancouver: January design temperature -7 °C, 75 mm a year/)).toBeInTheDocument();
    await user.selectOptions(city, 'buffalo-ny');
    expect(screen.getByText('No climate figure for Buffalo: the running cost uses the unscaled 80 h and 200 h seasons.')).toBeInTheDocument();
  });
});
