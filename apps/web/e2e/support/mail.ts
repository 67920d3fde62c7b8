import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

function decodeQuotedPrintable(text: string) {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest mail written to DATA_DIR/outbox for `to`, decoded; waits for it to arrive. */
export async function newestMailTo(to: string): Promise<string> {
  const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let found = '';
  await expect
    .poll(
      () => {
        let files: string[];
        try {
          files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
        } catch {
          return '';
        }
        const newest = files
          .map((f) => ({ f, text: readFileSync(join(outbox, f), 'utf8'), at: statSync(join(outbox, f)).mtimeMs }))
          .filter((m) => new RegExp(`^To:.*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(m.text))
          .sort((a, b) => b.at - a.at)[0];
        found = newest ? decodeQuotedPrintable(newest.text) : '';
        return found;
      },
      { message: `a mail to ${to} in ${outbox}`, timeout: 10_000 },
    )
    .not.toBe('');
  return found;
}

export function resetLinkIn(mail: string): URL {
  const match = /https?:\/\/\S+\/reset\?token=[\w\-.~%]+/.exec(mail);
  expect(match, 'a reset link in the mail').not.toBeNull();
  return new URL(match![0]);
}
