import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logOptions } from './log.js';

/** A logger built as the server builds its own, writing its lines to an array. */
function capture() {
  const lines: string[] = [];
  const log = pino(logOptions('info'), { write: (line: string) => void lines.push(line) });
  return { log, text: () => lines.join(''), last: () => JSON.parse(lines.at(-1)!) };
}

const HASH = `scrypt$32768$8$1$${'s'.repeat(22)}$${'k'.repeat(86)}`;
const TOKEN = 'Q'.repeat(43);

describe('log options', () => {
  it('keeps no query value of a failed query, even logged bare or through a child logger', () => {
    const { log, text, last } = capture();
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      constraint: 'users_email_unique',
      table: 'users',
      detail: 'Key (email)=(someone@example.com) already exists.',
      params: ['someone@example.com', HASH],
    });
    const failed = Object.assign(new Error(`Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: someone@example.com,${HASH}`), {
      query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
      params: ['someone@example.com', HASH],
      cause,
    });
    log.error(failed);
    expect(last().msg).toBe('Failed query: insert into "users" ("email", "password_hash") values ($1, $2)');
    log.child({ reqId: 'r1' }).error({ err: failed }, 'request failed');
    expect(last().err.cause).toMatchObject({ code: '23505', constraint: 'users_email_unique', table: 'users' });
    expect(text()).not.toMatch(/scrypt\$\d|someone@example\.com|params/);
  });

  it('replaces secret fields, tokens in links and data URLs wherever they sit', () => {
    const { log, text } = capture();
    log.info(
      {
        user: { passwordHash: HASH, dealerData: { bankingInfo: { accountNumber: '98765432' } } },
        transitNumber: '02741',
        links: [`https://shop.example/reset?token=${TOKEN}`],
        cover: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==',
        note: `body {"refresh_token":"abc","accountNumber":"11223344"} Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln`,
      },
      `reset link https://shop.example/reset?token=${TOKEN}`,
    );
    const out = text();
    for (const secret of [HASH, '98765432', '02741', TOKEN, 'iVBORw0KGgo', '11223344', '"abc"', 'eyJ']) expect(out).not.toContain(secret);
    expect(out).toContain('https://shop.example/reset?token=[redacted]');
  });
});
