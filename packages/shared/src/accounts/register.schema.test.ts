import { describe, expect, it } from 'vitest';
import { accountsMessages as m } from './messages.js';
import { RegisterDealerInput, RegisterInput, RegisterContractorInput, withPasswordConfirmation } from './register.schema.js';
import { REGISTER_FILE_MAX_BYTES } from './roles.js';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('registration rules', () => {
  it('gives each SPEC message for the base fields', () => {
    const r = RegisterInput.safeParse({ role: 'customer', fullname: '', email: '', password: '' });
    expect(messages(r)).toEqual(expect.arrayContaining([m.nameRequired, m.emailRequired, m.passwordRequired]));
    const r2 = RegisterInput.safeParse({ role: 'customer', fullname: 'Al', email: 'nope', password: 'abcdefgh' });
    expect(messages(r2)).toEqual(expect.arrayContaining([m.nameMin, m.emailInvalid, m.passwordUpper, m.passwordNumber]));
    expect(messages(r2)).not.toContain(m.emailRequired);
  });

  it('checks phones and addresses for contractors', () => {
    const r = RegisterContractorInput.safeParse({
      role: 'contractor', fullname: 'Jane Roe', email: 'j@x.ca', password: 'Secret123',
      address: 'short', phone: '12ab', companyName: '', licenseNumber: '', labourWarrantyPeriod: '', dealerId: '',
    });
    expect(messages(r)).toEqual(
      expect.arrayContaining([m.addressMin, m.phoneDigits, m.companyRequired, m.licenseRequired, m.warrantyRequired, m.dealerRequired]),
    );
    expect(messages(r)).not.toContain(m.phoneMin);
  });

  it('refuses admin as a role', () => {
    expect(RegisterInput.safeParse({ role: 'admin', fullname: 'Eve Admin', email: 'e@x.ca', password: 'Secret123' }).success).toBe(false);
  });

  it('says "Passwords do not match" on the confirmation', () => {
    const form = withPasswordConfirmation(RegisterContractorInput);
    const r = form.safeParse({ password: 'Secret123', confirmPassword: 'Secret124' });
    expect(r.error?.issues.find((i) => i.path[0] === 'confirmPassword')?.message).toBe(m.passwordsDoNotMatch);
  });

  it('says so while required fields are still empty', () => {
    const form = withPasswordConfirmation(RegisterContractorInput);
    const r = form.safeParse({ role: 'contractor', fullname: '', email: '', password: 'Secret123', confirmPassword: 'Secret124' });
    expect(r.error?.issues.find((i) => i.path[0] === 'confirmPassword')?.message).toBe(m.passwordsDoNotMatch);
    expect(form.safeParse({ role: 'contractor', fullname: '', password: 'Secret123', confirmPassword: 'Secret123' }).error?.issues.some((i) => i.path[0] === 'confirmPassword')).toBe(false);
  });

  it('takes a registration file as a data URL no longer than its decoded limit needs', () => {
    const dealer = (image: string) => ({ role: 'dealer', image });
    const fileIssues = (image: string) =>
      (RegisterDealerInput.safeParse(dealer(image)).error?.issues ?? []).filter((i) => i.path[0] === 'image').map((i) => i.message);
    const dataUrl = (bytes: number) => `data:application/pdf;base64,${Buffer.alloc(bytes, 1).toString('base64')}`;
    expect(fileIssues(dataUrl(REGISTER_FILE_MAX_BYTES))).toEqual([]);
    // One base64 group more (3 bytes over the limit): refused before anything decodes it.
    expect(fileIssues(dataUrl(REGISTER_FILE_MAX_BYTES + 3))).toEqual([m.fileTooLarge]);
    expect(fileIssues(`data:image/png;base64,${'A'.repeat(8 * 1024 * 1024)}`)).toEqual([m.fileTooLarge]);
  });
});

