/** Anything the help centre's search looks through: a topic, an article or a FAQ entry. */
export type Searchable = { name: string; description: string };

/** SPEC: case-insensitive match on name or description (question or answer for FAQs); blank matches all. */
export function matchesHelpSearch(item: Searchable, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return true;
  return item.name.toLocaleLowerCase().includes(needle) || item.description.toLocaleLowerCase().includes(needle);
}

export function filterHelp<T extends Searchable>(items: readonly T[], query: string): T[] {
  return items.filter((item) => matchesHelpSearch(item, query));
}
