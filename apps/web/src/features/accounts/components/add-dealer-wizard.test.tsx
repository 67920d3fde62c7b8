import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api-client';
import { renderWithApp } from '@/test/render';
import { AddDealerWizard } from './add-dealer-wizard';
import { stepOfPath } from './use-add-dealer-wizard';

function setup(onSubmit = vi.fn()) {
  const onCreated = vi.fn();
  renderWithApp(<AddDealerWizard onSubmit={onSubmit} onCreated={onCreated} />);
  return { user: userEvent.setup(), onSubmit, onCreated };
}

const heading = () => screen.getByRole('heading', { level: 2 });
// Validation is asynchronous; a busy machine needs more than waitFor's default second.
const SLOW = { timeout: 5000 };
const expectStep = (text: string) => waitFor(() => expect(heading()).toHaveTextContent(text), SLOW);

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Dealer name'), 'Glacier Supply');
  await user.type(screen.getByLabelText('Email'), 'glacier@example.ca');
  await user.type(screen.getByLabelText('Billing email'), 'billing@example.ca');
  await user.type(screen.getByLabelText('Commission (%)'), '12.5');
  await user.type(screen.getByLabelText('Address'), '12 Frost Road, Calgary AB');
  await user.type(screen.getByLabelText('Phone number'), '4035550100');
  await user.type(screen.getByLabelText('Password'), 'longenough');
}

// Typing whole forms in jsdom is slow on a busy machine.
describe('Add Dealer wizard', { timeout: 20_000 }, () => {
  it('refuses an empty first step with SPEC messages and stays on it', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Dealer name is required', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Billing email is required')).toBeInTheDocument();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
    expect(screen.getByText('Commission must be a valid percentage (0-100)')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(heading()).toHaveTextContent('Step 1 of 3: Dealer Details');
  });

  it('refuses a commission above 100', async () => {
    const { user } = setup();
    await fillDetails(user);
    await user.clear(screen.getByLabelText('Commission (%)'));
    await user.type(screen.getByLabelText('Commission (%)'), '150');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Commission must be a valid percentage (0-100)', {}, SLOW)).toBeInTheDocument();
  });

  it('walks the three steps, goes back keeping values, checks banking formats and submits the whole dealer', async () => {
    const onSubmit = vi.fn(async () => ({ id: 'x' }));
    const { user, onCreated } = setup(onSubmit);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await expectStep('Step 2 of 3: Manager Information');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Manager name is required', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Manager email is required')).toBeInTheDocument();
    expect(screen.getByText('Manager phone is required')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await expectStep('Step 1 of 3');
    expect(screen.getByLabelText('Dealer name')).toHaveValue('Glacier Supply');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await expectStep('Step 2 of 3');

    await user.type(screen.getByLabelText('Manager name'), 'Mia Frost');
    await user.type(screen.getByLabelText('Manager email'), 'mia@example.ca');
    await user.type(screen.getByLabelText('Manager phone'), '4035550101');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await expectStep('Step 3 of 3: Banking & Payment Info');

    await user.type(screen.getByLabelText('Account holder name'), 'Glacier Supply Ltd');
    await user.type(screen.getByLabelText('Transit number'), '123');
    await user.type(screen.getByLabelText('Institution number'), '0010');
    await user.type(screen.getByLabelText('Account number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Create dealer' }));
    expect(await screen.findByText('Transit number must be 5 digits', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Institution number must be 3 digits')).toBeInTheDocument();
    expect(screen.getByText('Account number must be 7 to 12 digits')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Transit number'));
    await user.type(screen.getByLabelText('Transit number'), '12345');
    await user.clear(screen.getByLabelText('Institution number'));
    await user.type(screen.getByLabelText('Institution number'), '001');
    await user.clear(screen.getByLabelText('Account number'));
    await user.type(screen.getByLabelText('Account number'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Create dealer' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalled(), SLOW);
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        fullname: 'Glacier Supply',
        email: 'glacier@example.ca',
        commission: 12.5,
        phoneCode: '+01',
        coverageRadius: 50,
        manager: { name: 'Mia Frost', email: 'mia@example.ca', phone: '4035550101' },
        bankingInfo: { accountHolderName: 'Glacier Supply Ltd', transitNumber: '12345', institutionNumber: '001', accountNumber: '1234567' },
      }),
    );
  });

  it('puts a taken email back on the first step, under its field', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(409, {
            message: 'An account with this email already exists',
            code: 'accounts.emailTaken',
            issues: [{ path: 'email', code: 'accounts.emailTaken', message: 'An account with this email already exists' }],
          });
    });
    const { user } = setup(onSubmit);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('Manager name', {}, SLOW), 'Mia Frost');
    await user.type(screen.getByLabelText('Manager email'), 'mia@example.ca');
    await user.type(screen.getByLabelText('Manager phone'), '4035550101');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('Account holder name', {}, SLOW), 'Glacier');
    await user.type(screen.getByLabelText('Transit number'), '12345');
    await user.type(screen.getByLabelText('Institution number'), '001');
    await user.type(screen.getByLabelText('Account number'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Create dealer' }));
    await expectStep('Step 1 of 3');
    expect(await screen.findAllByText('An account with this email already exists', {}, SLOW)).not.toHaveLength(0);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('moves on once a refused step is fixed', async () => {
    const { user } = setup();
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await expectStep('Step 2 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Manager name is required', {}, SLOW)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Manager name'), 'Mia Frost');
    await user.type(screen.getByLabelText('Manager email'), 'gus@glacier.example');
    await user.type(screen.getByLabelText('Manager phone'), '4035550101');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await expectStep('Step 3 of 3');
  });

  it('knows which step holds a server issue', () => {
    expect(stepOfPath('bankingInfo.transitNumber')).toBe(2);
    expect(stepOfPath('manager.email')).toBe(1);
    expect(stepOfPath('billingEmail')).toBe(0);
  });
});
