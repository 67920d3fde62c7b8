import { afterEach, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { academyMessages } from '@meltway/shared/academy/messages';
import en from '@/locales/en/academy.json';

describe('academy texts', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('uses the shared English messages word for word', () => {
    expect(en.messages).toEqual(academyMessages);
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
