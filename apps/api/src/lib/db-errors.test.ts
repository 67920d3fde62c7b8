import { describe, expect, it } from 'vitest';
import { connectionLost } from './db-errors.js';

describe('connectionLost', () => {
  it('knows the errors of a connection lost or not to be had, however deep the driver wraps them', () => {
    const lost = [
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('x'), { code: '57P02' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('x'), { code: '08006' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Failed query: select 1', { cause: new Error('Connection terminated unexpectedly') }),
      new Error('Failed query', { cause: Object.assign(new Error('x'), { code: '57P01' }) }),
    ];
    expect(lost.map((e) => connectionLost(e))).toEqual(lost.map(() => true));
  });

  it('leaves every other failure alone', () => {
    const other = [
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      Object.assign(new Error('deadlock detected'), { code: '40P01' }),
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      new Error('database timeout'),
      new Error('Failed query', { cause: Object.assign(new Error('x'), { code: '22P02' }) }),
      null,
      'Connection terminated',
    ];
    expect(other.map((e) => connectionLost(e))).toEqual(other.map(() => false));
  });
});
