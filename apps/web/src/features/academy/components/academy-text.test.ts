import { afterEach, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import i18n from 'i18next';
import { academyMessages } from '@meltway/shared/academy/messages';
import en from '@/locales/en/academy.json';
import fr from '@/locales/fr/academy.json';
import { useAcademyMessage } from './academy-text';

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

  it('has each shared message in French, and shows it in French by its English text', async () => {
    expect(Object.keys(fr.messages).sort()).toEqual(Object.keys(academyMessages).sort());
    i18n.addResourceBundle('fr', 'academy', fr, true, true);
    await i18n.changeLanguage('fr');
    const { result } = renderHook(() => useAcademyMessage());
    expect(result.current(academyMessages.authorNameRequired)).toBe(fr.messages.authorNameRequired);
    expect(result.current(academyMessages.authorNameRequired)).not.toBe(academyMessages.authorNameRequired);
    expect(result.current('Some text nobody translated')).toBe('Some text nobody translated');
  });
});
