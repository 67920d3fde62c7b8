import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { showServerError } from './server-errors';

type Form = { name: string; sku: string };

describe('server errors in a form', () => {
  it('puts field issues beside their fields, focusing the first', () => {
    const setError = vi.fn();
    const error = new ApiError(400, { message: 'Name is required', issues: [{ path: 'name', message: 'Name is required' }, { path: 'sku', message: 'SKU is required' }] });
    expect(showServerError<Form>(error, setError, { fields: ['name', 'sku'] })).toBe(true);
    expect(setError).toHaveBeenNthCalledWith(1, 'name', { type: 'server', message: 'Name is required' }, { shouldFocus: true });
    expect(setError).toHaveBeenNthCalledWith(2, 'sku', { type: 'server', message: 'SKU is required' }, { shouldFocus: false });
  });

  it('sends file problems and a 413 to the file field', () => {
    const onFileError = vi.fn();
    const setError = vi.fn();
    const byBytes = new ApiError(400, { message: 'Images must be JPEG, PNG or WebP files', issues: [{ path: 'image', message: 'Images must be JPEG, PNG or WebP files' }] });
    expect(showServerError<Form>(byBytes, setError, { fields: ['name'], fileFields: ['image'], onFileError })).toBe(true);
    expect(onFileError).toHaveBeenLastCalledWith('Images must be JPEG, PNG or WebP files');
    const tooLarge = new ApiError(413, { message: 'Each image must be 5 MB or smaller' });
    expect(showServerError<Form>(tooLarge, setError, { fields: ['name'], fileFields: ['image'], onFileError })).toBe(true);
    expect(onFileError).toHaveBeenLastCalledWith('Each image must be 5 MB or smaller');
    expect(setError).not.toHaveBeenCalled();
  });

  it('gives a taken name to its field and leaves anything else to the caller', () => {
    const setError = vi.fn();
    const taken = new ApiError(409, { message: 'A product with this SKU already exists' });
    expect(showServerError<Form>(taken, setError, { fields: ['name', 'sku'], conflictField: () => 'sku' })).toBe(true);
    expect(setError).toHaveBeenCalledWith('sku', { type: 'server', message: 'A product with this SKU already exists' }, { shouldFocus: true });
    const inUse = new ApiError(409, { message: 'This brand still has products' });
    expect(showServerError<Form>(inUse, vi.fn(), { fields: ['name'], conflictField: () => undefined })).toBe(false);
    expect(showServerError<Form>(new Error('offline'), vi.fn(), { fields: ['name'] })).toBe(false);
  });
});
