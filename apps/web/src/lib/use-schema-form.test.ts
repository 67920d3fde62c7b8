import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { notify } from './notify';
import { saveAndClose } from './use-schema-form';

vi.mock('./notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

describe('save, then close or show what went wrong', () => {
  beforeEach(() => vi.clearAllMocks());

  it('toasts the saved name and closes', async () => {
    const done = vi.fn();
    const setError = vi.fn();
    const saved = await saveAndClose(() => Promise.resolve({ name: 'Warmzone' }), {
      success: (brand) => `${brand.name} saved`,
      done,
      issues: { setError, fields: ['name'] },
      fallback: 'failed',
    });
    expect(saved).toBe(true);
    expect(notify.success).toHaveBeenCalledWith('Warmzone saved');
    expect(done).toHaveBeenCalledOnce();
    expect(setError).not.toHaveBeenCalled();
  });

  it('keeps the form open, with no toast when the fields show the problem', async () => {
    const done = vi.fn();
    const setError = vi.fn();
    const problem = new ApiError(400, { message: 'Name is required', code: 'accounts.nameRequired', issues: [{ path: 'name', code: 'accounts.nameRequired', message: 'Name is required' }] });
    const saved = await saveAndClose(() => Promise.reject(problem), { success: () => 'saved', done, issues: { setError, fields: ['name'] }, fallback: 'failed' });
    expect(saved).toBe(false);
    expect(setError).toHaveBeenCalledWith('name', { type: 'server', message: 'Name is required' }, { shouldFocus: true });
    expect(done).not.toHaveBeenCalled();
    expect(notify.success).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('toasts the fallback when no field concerns the problem', async () => {
    const done = vi.fn();
    const problem = new Error('offline');
    const saved = await saveAndClose(() => Promise.reject(problem), { success: () => 'saved', done, issues: { setError: vi.fn(), fields: ['name'] }, fallback: 'Could not save' });
    expect(saved).toBe(false);
    expect(notify.error).toHaveBeenCalledWith('Could not save');
    expect(done).not.toHaveBeenCalled();
  });

  it("puts the server's issues at the form's fields by their code, and toasts only what no field shows", async () => {
    const setError = vi.fn();
    const taken = new ApiError(409, {
      message: 'A brand with this name already exists',
      code: 'catalogue.brandNameTaken',
      issues: [{ path: 'name', code: 'catalogue.brandNameTaken', message: 'A brand with this name already exists' }],
    });
    const saved = await saveAndClose(() => Promise.reject(taken), { success: () => 'saved', done: vi.fn(), issues: { setError, fields: ['name'] }, fallback: 'Could not save' });
    expect(saved).toBe(false);
    expect(setError).toHaveBeenCalledWith('name', { type: 'server', message: 'A brand with this name already exists' }, { shouldFocus: true });
    expect(notify.error).not.toHaveBeenCalled();

    const linked = new ApiError(409, { message: 'This brand still has products', code: 'catalogue.brandHasProducts' });
    await saveAndClose(() => Promise.reject(linked), { success: () => 'saved', done: vi.fn(), issues: { setError, fields: ['name'] }, fallback: 'Could not save' });
    expect(notify.error).toHaveBeenLastCalledWith('This brand still has products');
    await saveAndClose(() => Promise.reject(new ApiError(0, null)), { success: () => 'saved', done: vi.fn(), issues: { setError, fields: ['name'] }, fallback: 'Could not save' });
    expect(notify.error).toHaveBeenLastCalledWith('Could not save');
  });
});
