import { describe, expect, it } from 'vitest';
import { clip } from './clip';

describe('clipped descriptions', () => {
  it('cuts at 50 characters plus "..." and leaves shorter texts alone', () => {
    const long = 'From the slab to the controller: lay heating mats under pavers.';
    expect(clip(long)).toBe(`${long.slice(0, 50)}...`);
    expect(clip('x'.repeat(50))).toBe('x'.repeat(50));
    expect(clip(null)).toBe('');
  });
});
