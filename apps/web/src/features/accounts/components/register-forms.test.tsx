import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { ContractorRegisterForm } from './contractor-register-form';
import { CustomerRegisterForm } from './customer-register-form';
import { DealerRegisterForm } from './dealer-register-form';

const dealers = { items: [{ id: '6f1c1d1e-8c1f-4a39-9a55-1d7f4f0e2a11', fullname: 'Northern Heat Supply', logo: null, address: null, coverageRadius: 50 }] };

function stubApi(publicDealers: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).startsWith('/api/v1/users/publicdealer')) return publicDealers();
      return new Response(JSON.stringify({ message: 'not stubbed', code: 'NOT_FOUND' }), { status: 404 });
    }),
  );
}

const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('registration forms', () => {
  beforeEach(() => stubApi(() => ok(dealers)));
  afterEach(() => vi.unstubAllGlobals());

  it('shows a message when a field loses focus, and clears it live as the input becomes right', async () => {
    const user = userEvent.setup();
    renderWithApp(<ContractorRegisterForm />);
    const name = screen.getByLabelText('Full name');

    await user.click(name);
    await user.tab();
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await user.type(name, 'Al');
    expect(await screen.findByText('Name must be at least 3 characters')).toBeInTheDocument();
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();

    await user.type(name, 'ice');
    await waitFor(() => expect(screen.queryByText('Name must be at least 3 characters')).not.toBeInTheDocument());
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('does not complain about a field before it has been left', async () => {
    const user = userEvent.setup();
    renderWithApp(<ContractorRegisterForm />);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.queryByText('Invalid email format')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
  });

  it('says "Passwords do not match" and clears it when the confirmation matches', async () => {
    const user = userEvent.setup();
    renderWithApp(<ContractorRegisterForm />);
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Secret123');
    await user.type(screen.getByLabelText('Confirm password', { exact: true }), 'Secret124');
    await user.tab();
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Confirm password', { exact: true }), '{Backspace}3');
    await waitFor(() => expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument());
  });

  it('gives the password and phone rules word for word', async () => {
    const user = userEvent.setup();
    renderWithApp(<ContractorRegisterForm />);
    await user.type(screen.getByLabelText('Password', { exact: true }), 'secret12');
    await user.tab();
    expect(await screen.findByText('Password must contain at least one uppercase letter')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Phone number'), '555-CALL');
    await user.tab();
    expect(await screen.findByText('Phone number must contain only digits')).toBeInTheDocument();
    // Brackets, spaces, dashes and dots are how people write a number: only the digits are counted.
    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '(555) 1-2');
    expect(await screen.findByText('Phone number must be at least 7 digits')).toBeInTheDocument();
    expect(screen.queryByText('Phone number must contain only digits')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '55512');
    expect(await screen.findByText('Phone number must be at least 7 digits')).toBeInTheDocument();
  });

  it('lists every contractor rule on submit, with the approved dealers to choose from', async () => {
    const user = userEvent.setup();
    renderWithApp(<ContractorRegisterForm />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Approved dealer' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Register as contractor' }));
    for (const text of [
      'Name is required',
      'Email is required',
      'Password is required',
      'Address is required',
      'Phone number is required',
      'Company name is required',
      'License number is required',
      'Labour warranty period is required',
      'Please select a dealer',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(screen.getAllByRole('checkbox')).toHaveLength(7);
  });

  it('says so when the dealers cannot be loaded', async () => {
    stubApi(() => new Response('{}', { status: 500 }));
    renderWithApp(<ContractorRegisterForm />);
    expect(await screen.findByText('Failed to load dealers. Please try again.')).toBeInTheDocument();
  });

  it('asks a dealer for the banking details and the void cheque', async () => {
    const user = userEvent.setup();
    renderWithApp(<DealerRegisterForm />);
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '50');
    await user.click(screen.getByRole('button', { name: 'Register as dealer' }));
    for (const text of [
      'Billing email is required',
      'Manager name is required',
      'Account holder name is required',
      'Transit number is required',
      'Institution number is required',
      'Account number is required',
      'A void cheque (PDF, JPG or PNG) is required',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText('Transit number'), '123');
    expect(await screen.findByText('Transit number must be 5 digits')).toBeInTheDocument();
  });

  it('asks a customer only for a name, an email and a password', async () => {
    const user = userEvent.setup();
    renderWithApp(<CustomerRegisterForm />);
    expect(screen.queryByLabelText('Address')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });
});

describe('registration answers from the server', () => {
  afterEach(() => vi.unstubAllGlobals());

  async function fillCustomer(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Full name'), 'Sam Shopper');
    await user.type(screen.getByLabelText('Email'), 'sam@example.ca');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Shopper123');
    await user.type(screen.getByLabelText('Confirm password', { exact: true }), 'Shopper123');
  }

  it('puts the server’s field issues under their fields and shows its message', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        posted.push(JSON.parse(String(init?.body)));
        return new Response(
          JSON.stringify({
            message: 'An account with this email already exists',
            code: 'accounts.emailTaken',
            issues: [{ path: 'email', code: 'accounts.emailTaken', message: 'An account with this email already exists' }],
          }),
          { status: 409, headers: { 'Content-Type': 'application/json' } },
        );
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<CustomerRegisterForm />);
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([
      { role: 'customer', fullname: 'Sam Shopper', email: 'sam@example.ca', password: 'Shopper123', phoneCode: '+1', locale: 'en' },
    ]);
  });

  it('maps nested issue paths onto the form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        new Response(
          JSON.stringify({
            message: 'Invalid request',
            code: 'common.invalidRequest',
            issues: [{ path: 'fullname', code: 'accounts.nameMin', message: 'Name must be at least 3 characters' }],
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<CustomerRegisterForm />);
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Name must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid request');
  });

  it('says "Something went wrong." when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const user = userEvent.setup();
    renderWithApp(<CustomerRegisterForm />);
    await fillCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
  });
});
