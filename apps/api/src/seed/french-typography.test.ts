import { describe, expect, it } from 'vitest';
import { frenchSpaces } from './french-typography.js';

describe('French typography of the demo texts', () => {
  it('keeps high signs, guillemets and units with what they belong to', () => {
    expect(frenchSpaces('Format fixe : il ne se coupe pas; 80 % de 30 A.')).toBe('Format fixe\u00a0: il ne se coupe pas; 80\u00a0% de 30\u00a0A.');
    expect(frenchSpaces('Un panneau « surface chauffée » qu’exige le code?')).toBe('Un panneau «\u00a0surface chauffée\u00a0» qu’exige le code?');
    expect(frenchSpaces('3 840 W, environ 25 à 60 $')).toBe('3\u00a0840\u00a0W, environ 25 à 60\u00a0$');
  });

  it('leaves ordinary spaces between words alone', () => {
    expect(frenchSpaces('Tapis de déneigement prêts à poser')).toBe('Tapis de déneigement prêts à poser');
  });
});
