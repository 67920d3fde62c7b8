import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { useCartError } from './use-cart-error';

describe('cart error messages', () => {
  it('reads the stock left from the server text, a field issue first, and falls back otherwise', () => {
    const { result } = renderHook(() => useCartError());
    const short = new ApiError(400, { message: 'Validation failed', issues: [{ path: 'quantity', message: 'Not enough stock: only 3 left' }] });
    expect(result.current(short, 'fallback')).toMatch(/3/);
    expect(result.current(new ApiError(0, null), 'fallback')).toBe('fallback');
    expect(result.current(new Error('x'), 'fallback')).toBe('fallback');
  });
});
