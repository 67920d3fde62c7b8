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

  const french = [
    { name: 'How deep is the mat installed?', nameFr: 'À quelle profondeur installe-t-on le tapis?', description: 'In concrete, 38-50 mm below the surface.', descriptionFr: 'Dans le béton, de 38 à 50 mm sous la surface.' },
    { name: 'Élite sensors', nameFr: null, description: 'Cleaning the snow sensor.', descriptionFr: null },
  ];

  it('searches the French texts on a French page, accents and case aside', () => {
    expect(filterHelp(french, 'profondeur', 'fr')).toEqual([french[0]]);
    expect(filterHelp(french, 'BETON surface', 'fr')).toEqual([french[0]]);
    expect(filterHelp(french, 'À QUELLE', 'fr')).toEqual([french[0]]);
    // English words are not French ones.
    expect(filterHelp(french, 'concrete', 'fr')).toEqual([]);
    expect(filterHelp(french, 'beton', 'en')).toEqual([]);
  });

  it('falls back to the English texts where there is no French, and ignores accents in English too', () => {
    expect(filterHelp(french, 'elite', 'fr')).toEqual([french[1]]);
    expect(filterHelp(french, 'snow sensor', 'fr')).toEqual([french[1]]);
    expect(filterHelp(french, 'ÉLITE', 'en')).toEqual([french[1]]);
  });

  it('needs every word of the query, and finds nothing for punctuation alone', () => {
    expect(filterHelp(faqs, 'gfep breaker')).toEqual([faqs[1]]);
    expect(filterHelp(faqs, 'gfep mat')).toEqual([]);
    expect(filterHelp(faqs, '?!')).toEqual([]);
  });
});
