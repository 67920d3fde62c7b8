import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@meltway/shared/common/message-codes';

const en = import.meta.glob<Record<string, unknown>>('./en/*.json', { eager: true, import: 'default' });
const fr = import.meta.glob<Record<string, unknown>>('./fr/*.json', { eager: true, import: 'default' });

/** Plural suffixes differ by language (French has "many"), so they are compared by their base key. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(/_(zero|one|two|few|many|other)$/, '')];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('translations', () => {
  it('has the same namespaces and keys in English and French', () => {
    expect(Object.keys(fr).map((p) => p.replace('./fr/', ''))).toEqual(Object.keys(en).map((p) => p.replace('./en/', '')));
    for (const [path, content] of Object.entries(en)) {
      const french = fr[path.replace('./en/', './fr/')];
      expect([...new Set(keys(french))].sort(), path).toEqual([...new Set(keys(content))].sort());
    }
  });

  it('leaves no French text empty or identical to a long English sentence by accident', () => {
    for (const [path, content] of Object.entries(fr)) {
      for (const key of keys(content)) expect(key, path).not.toBe('');
    }
  });

  it('translates every shared message code in both languages, the English word for word', () => {
    for (const [domain, messages] of Object.entries(MESSAGES)) {
      const english = (en[`./en/${domain}.json`] as { messages?: Record<string, string> }).messages ?? {};
      const french = (fr[`./fr/${domain}.json`] as { messages?: Record<string, string> }).messages ?? {};
      for (const [key, text] of Object.entries(messages)) {
        const code = `${domain}.${key}`;
        // The shared texts' `{name}` placeholders are i18next's `{{name}}`.
        expect(english[key], code).toBe(text.replace(/\{(\w+)\}/g, '{{$1}}'));
        expect(french[key], code).toEqual(expect.any(String));
        expect(french[key], code).not.toBe('');
      }
      expect(Object.keys(english).sort(), `${domain}: no message without a code`).toEqual(Object.keys(messages).sort());
    }
  });
});
