import { describe, expect, it } from 'vitest';
import { faultsOf, internalNames, wordsPattern } from './answers.js';

/** The fuzz's judge is worth as much as what it catches: each kind of leak it looks for, caught. */
describe('what the fuzz holds answers to', () => {
  // As if these were the contract's words.
  const names = internalNames('email users products message code issues path params status database Invalid value Something went wrong');
  const internal = wordsPattern(names);
  const json = { 'content-type': 'application/json; charset=utf-8' };
  const error = (body: unknown, statusCode = 400) => faultsOf({ statusCode, headers: json, body: JSON.stringify(body) }, internal);

  it('keeps the schema’s names that the contract does not use', () => {
    expect(names).toEqual(expect.arrayContaining(['password_hash', 'refresh_tokens']));
    expect(names).not.toEqual(expect.arrayContaining(['email']));
    expect(names).not.toContain('users');
  });

  it('passes an error in the one shape, and a success that names what its schema declares', () => {
    expect(error({ message: 'Invalid value', code: 'common.invalidValue', issues: [{ path: 'q', code: 'common.invalidValue', message: 'Invalid value' }] })).toEqual([]);
    expect(faultsOf({ statusCode: 200, headers: json, body: '{"status":"ok","database":"pglite"}' }, internal, new Set(['database', 'pglite']))).toEqual([]);
  });

  it('catches a server fault, a stack, a source path, a library, SQL, a database message, a column and another shape', () => {
    expect(error({ message: 'Something went wrong', code: 'common.generic' }, 500)).toEqual(['status 500']);
    expect(error({ message: 'x\n    at updateProduct (file:///srv/app.js:1:2)', code: 'c' }).join()).toMatch(/a stack frame/);
    expect(error({ message: 'in /work/main/apps/api/src/app.ts:12', code: 'c' }).join()).toMatch(/a source path/);
    expect(error({ message: 'DrizzleQueryError: Failed query', code: 'c' }).join()).toMatch(/an internal name/);
    expect(error({ message: 'insert into "orders" values ($1)', code: 'c' }).join()).toMatch(/SQL/);
    expect(error({ message: 'duplicate key value violates unique constraint', code: 'c' }).join()).toMatch(/a database message/);
    expect(error({ message: 'bad password_hash', code: 'c' }).join()).toMatch(/an internal name/);
    expect(error({ error: 'Bad Request', code: 'FST_ERR_BAD_URL', message: 'x' }).join()).toMatch(/not the error shape/);
    expect(faultsOf({ statusCode: 200, headers: json, body: '{"database":"pglite"}' }, internal)).toHaveLength(1);
  });
});
