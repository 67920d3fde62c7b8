import { describe, expect, it } from 'vitest';
import { filterHelp, matchesHelpSearch } from './help-search';

const faqs = [
  { name: 'Can a snowmelt mat be cut to fit?', description: 'No. Mats come in fixed lengths.' },
  { name: 'Do I need a GFEP breaker?', description: 'Yes. Every heating circuit needs 30 mA protection.' },
];

describe('help centre search', () => {
  it('matches the name or the description, ignoring case', () => {
    expect(filterHelp(faqs, 'gfep')).toEqual([faqs[1]]);
    expect(filterHelp(faqs, 'FIXED LENGTHS')).toEqual([faqs[0]]);
    expect(filterHelp(faqs, 'circuit')).toEqual([faqs[1]]);
  });

  it('matches everything when the box is blank, and nothing for nonsense', () => {
    expect(filterHelp(faqs, '   ')).toEqual(faqs);
    expect(filterHelp(faqs, 'qwxzv')).toEqual([]);
  });

  it('trims the query', () => {
    expect(matchesHelpSearch(faqs[0]!, '  mat  ')).toBe(true);
  });
});
