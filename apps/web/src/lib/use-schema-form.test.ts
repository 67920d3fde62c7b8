import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from './notify';
import { saveAndClose } from './use-schema-form';

vi.mock('./notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

describe('save, then close or show what went wrong', () => {
  beforeEach(() => vi.clearAllMocks());

  it('toasts the saved name and closes', async () => {
    const done = vi.fn();
    const showAtFields = vi.fn();
    const saved = await saveAndClose(() => Promise.resolve({ name: 'Warmzone' }), {
      success: (brand) => `${brand.name} saved`,
      done,
      showAtFields,
      fallback: () => 'failed',
    });
    expect(saved).toBe(true);
    expect(notify.success).toHaveBeenCalledWith('Warmzone saved');
    expect(done).toHaveBeenCalledOnce();
    expect(showAtFields).not.toHaveBeenCalled();
  });

  it('keeps the form open, with no toast when the fields show the problem', async () => {
    const done = vi.fn();
    const problem = new Error('taken');
    const showAtFields = vi.fn().mockReturnValue(true);
    const saved = await saveAndClose(() => Promise.reject(problem), { success: () => 'saved', done, showAtFields, fallback: () => 'failed' });
    expect(saved).toBe(false);
    expect(showAtFields).toHaveBeenCalledWith(problem);
    expect(done).not.toHaveBeenCalled();
    expect(notify.success).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('toasts the fallback when no field concerns the problem', async () => {
    const done = vi.fn();
    const problem = new Error('offline');
    const fallback = vi.fn().mockReturnValue('Could not save');
    const saved = await saveAndClose(() => Promise.reject(problem), { success: () => 'saved', done, showAtFields: () => false, fallback });
    expect(saved).toBe(false);
    expect(fallback).toHaveBeenCalledWith(problem);
    expect(notify.error).toHaveBeenCalledWith('Could not save');
    expect(done).not.toHaveBeenCalled();
  });
});
