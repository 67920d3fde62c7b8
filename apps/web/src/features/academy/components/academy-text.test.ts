import { afterEach, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { academyMessages } from '@meltway/shared/academy/messages';
import en from '@/locales/en/academy.json';

describe('academy texts', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('uses the shared English messages word for word (their {name} placeholders as i18next writes them)', () => {
    const asI18n = Object.fromEntries(Object.entries(academyMessages).map(([k, v]) => [k, v.replace(/\{(\w+)\}/g, '{{$1}}')]));
    expect(en.messages).toEqual(asI18n);
  });

  it('keeps SPEC’s words for the builder', () => {
    expect(en.builder).toMatchObject({
      card: 'Build Course Table of Contents',
      addSection: '+ Add Section',
      addLesson: '+ Add Lesson',
      removeLesson: 'Remove Lesson',
      deleteSection: 'Delete Section',
      save: 'Save Course Content',
    });
    expect(en.courses.filter).toBe('Filter Course...');
  });
});
