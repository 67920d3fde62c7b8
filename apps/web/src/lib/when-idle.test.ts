import { describe, expect, it } from 'vitest';
import { yieldToBrowser } from './when-idle';

describe('yieldToBrowser', () => {
  it('resolves in a later task, after the work already queued in this one', async () => {
    const order: string[] = [];
    const yielded = yieldToBrowser().then(() => order.push('yielded'));
    queueMicrotask(() => order.push('queued after the call'));
    await yielded;
    expect(order).toEqual(['queued after the call', 'yielded']);
  });
});
