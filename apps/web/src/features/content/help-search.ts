import { searchableText } from '@meltway/shared/common/search-text';
import { currentLanguage, type Language } from '@/lib/i18n';
import { localized } from '@/lib/localized';

/** Anything the help centre's search looks through: a topic, an article or a FAQ entry, with its French where written. */
export type Searchable = { name: string; description: string; nameFr?: string | null; descriptionFr?: string | null };

/**
 * SPEC: a match on name or description (question or answer for FAQs), in the page's language (the French
 * text, or the English one where there is none), case and accents aside ("deneigement" finds
 * "Déneigement"); every word of the query must appear. A blank query matches all.
 */
export function matchesHelpSearch(item: Searchable, query: string, language: Language = currentLanguage()): boolean {
  if (!query.trim()) return true;
  const words = searchableText(query).split(' ').filter(Boolean);
  const text = searchableText(localized(item.name, item.nameFr, language), localized(item.description, item.descriptionFr, language));
  return words.length > 0 && words.every((word) => text.includes(word));
}

export function filterHelp<T extends Searchable>(items: readonly T[], query: string, language: Language = currentLanguage()): T[] {
  return items.filter((item) => matchesHelpSearch(item, query, language));
}
