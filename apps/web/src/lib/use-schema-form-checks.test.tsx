import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { useSchemaForm, type SchemaFormOptions } from './use-schema-form';

const Passwords = z
  .object({ password: z.string().min(8, 'Too short'), confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'Passwords differ' });
type Values = z.input<typeof Passwords>;

function Form({ schema = Passwords, options, onSubmit = vi.fn() }: { schema?: z.ZodType<Values, Values> | (() => z.ZodType<Values, Values>); options?: SchemaFormOptions<Values, Values>; onSubmit?: (v: Values) => void }) {
  const { register, handleSubmit, formState } = useSchemaForm(schema, { password: '', confirm: '' }, options);
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <label htmlFor="password">Password</label>
      <input id="password" {...register('password')} />
      <p>{formState.errors.password?.message}</p>
      <label htmlFor="confirm">Confirm</label>
      <input id="confirm" {...register('confirm')} />
      <p>{formState.errors.confirm?.message}</p>
      <button type="submit">Send</button>
    </form>
  );
}

describe('a schema form as it is filled in', () => {
  it('checks a field when it is left, then again as it changes, before any submit', async () => {
    render(<Form />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'short');
    expect(screen.queryByText('Too short')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Too short')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '-enough');
    await waitFor(() => expect(screen.queryByText('Too short')).not.toBeInTheDocument());
  });

  it('re-checks a linked field as the other one changes', async () => {
    render(<Form options={{ linked: { password: 'confirm' } }} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.type(screen.getByLabelText('Confirm'), 'long-enougX');
    await user.tab();
    expect(await screen.findByText('Passwords differ')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'long-enougX');
    await waitFor(() => expect(screen.queryByText('Passwords differ')).not.toBeInTheDocument());
  });

  it('lets a precheck word an empty box its own way, and hands the parsed values to submit', async () => {
    const onSubmit = vi.fn();
    const precheck = (v: Values) => (v.password ? undefined : { password: { type: 'required', message: 'Fill in all fields' } });
    render(<Form options={{ precheck }} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Fill in all fields')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.type(screen.getByLabelText('Confirm'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ password: 'long-enough', confirm: 'long-enough' }, expect.anything()));
  });

  it('asks a schema function for the rules in force at each check', async () => {
    const onSubmit = vi.fn();
    let strict = false;
    const Lenient = z.object({ password: z.string(), confirm: z.string() });
    render(<Form schema={() => (strict ? Passwords : Lenient)} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    strict = true;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Too short')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
