import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { BilingualFields } from './bilingual-fields';

type Values = { name: string; nameFr: string };

function Pair({ multiline, error, errorFr, onSave }: { multiline?: boolean; error?: string; errorFr?: string; onSave?: (values: Values) => void }) {
  const { register, handleSubmit } = useForm<Values>({ defaultValues: { name: '', nameFr: '' } });
  const props = { id: 'name', label: 'Name', labelFr: 'Name (French)', error, errorFr, field: register('name'), fieldFr: register('nameFr') };
  return (
    <form onSubmit={(event) => void handleSubmit((values) => onSave?.(values))(event)}>
      {multiline ? <BilingualFields {...props} multiline rows={3} /> : <BilingualFields {...props} autoComplete="off" />}
      <button type="submit">Save</button>
    </form>
  );
}

describe('bilingual fields', () => {
  it('shows the English and the French field, the French one marked as French', () => {
    render(<Pair />);
    const english = screen.getByLabelText('Name');
    const french = screen.getByLabelText('Name (French)');
    expect(english.tagName).toBe('INPUT');
    expect(english).toHaveAttribute('id', 'name');
    expect(english).not.toHaveAttribute('lang');
    expect(english).toHaveAttribute('autocomplete', 'off');
    expect(french.tagName).toBe('INPUT');
    expect(french).toHaveAttribute('id', 'name-fr');
    expect(french).toHaveAttribute('lang', 'fr');
    expect(french).toHaveAttribute('autocomplete', 'off');
  });

  it('shows two text areas with the lines asked for', () => {
    render(<Pair multiline />);
    for (const label of ['Name', 'Name (French)']) {
      const field = screen.getByLabelText(label);
      expect(field.tagName).toBe('TEXTAREA');
      expect(field).toHaveAttribute('rows', '3');
      expect(field).not.toHaveAttribute('autocomplete');
    }
    expect(screen.getByLabelText('Name (French)')).toHaveAttribute('lang', 'fr');
  });

  it('puts each message under its own field', () => {
    const { rerender } = render(<Pair errorFr="Too long" />);
    expect(screen.getByLabelText('Name (French)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name (French)')).toHaveAccessibleDescription('Too long');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Name')).not.toHaveAccessibleDescription();

    rerender(<Pair error="Name required" />);
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name required');
    expect(screen.getByLabelText('Name (French)')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Too long')).not.toBeInTheDocument();
  });

  it('sends what is typed in each field under its own name', async () => {
    const onSave = vi.fn();
    render(<Pair onSave={onSave} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Snow mat');
    await user.type(screen.getByLabelText('Name (French)'), 'Tapis chauffant');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ name: 'Snow mat', nameFr: 'Tapis chauffant' });
  });
});
