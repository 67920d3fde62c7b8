import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { serverFor } from './servers';

function decodeQuotedPrintable(text: string) {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The newest mail written to the outbox (DATA_DIR/outbox) of the running test's server for `to` (and holding `containing`, when given), decoded; waits for it
 * to arrive. Mails leave through the outbox after their transaction: a journey expecting one mail among earlier ones
 * names a text of it, or an older mail would answer before the new one is written.
 */
export async function newestMailTo(to: string, containing?: string): Promise<string> {
  const outbox = join(serverFor(test.info().parallelIndex).dataDir, 'outbox');
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
          .map((m) => ({ ...m, text: decodeQuotedPrintable(m.text) }))
          .filter((m) => containing === undefined || m.text.includes(containing))
          .sort((a, b) => b.at - a.at)[0];
        found = newest?.text ?? '';
        return found;
      },
      { message: `a mail to ${to}${containing ? ` holding "${containing}"` : ''} in ${outbox}`, timeout: 10_000 },
    )
    .not.toBe('');
  return found;
}

export function resetLinkIn(mail: string): URL {
  const match = /https?:\/\/\S+\/reset\?token=[\w\-.~%]+/.exec(mail);
  expect(match, 'a reset link in the mail').not.toBeNull();
  return new URL(match![0]);
}
