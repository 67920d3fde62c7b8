import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CableIcon, GaugeIcon, RulerIcon, ShieldCheckIcon, type LucideIcon } from 'lucide-react';
import { faqPageJsonLd } from '@/lib/structured-data';
import { usePageMeta } from '@/lib/use-page-meta';
import { useFaqs, useHelpArticles } from './api/help';
import { filterHelp } from './help-search';

/** Help topics: each tile searches the articles and questions for its word. */
const TOPICS: { key: string; icon: LucideIcon }[] = [
  { key: 'planning', icon: RulerIcon },
  { key: 'installation', icon: CableIcon },
  { key: 'electrical', icon: ShieldCheckIcon },
  { key: 'controls', icon: GaugeIcon },
];

/** A help topic in the reader's language, with the word its tile searches for. */
export type HelpTopic = { key: string; icon: LucideIcon; name: string; description: string; term: string };

/**
 * The help centre's state: the articles and questions, the search (kept in the address as `?q=`, matched as the
 * reader types, a step behind the keys) and what it finds among the topics, articles and questions.
 */
export function useHelpCenter() {
  const { t } = useTranslation('content');
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState(params.get('q') ?? '');
  const deferred = useDeferredValue(query);
  const articles = useHelpArticles();
  const faqs = useFaqs();
  const faqList = faqs.data;
  usePageMeta(t('help.title'), t('help.metaDescription'), faqList?.length ? { jsonLd: (site) => [faqPageJsonLd(faqList, site.lang)] } : undefined);

  const topics: HelpTopic[] = TOPICS.map((topic) => ({
    ...topic,
    name: t(`help.topics.${topic.key}.name`),
    description: t(`help.topics.${topic.key}.description`),
    term: t(`help.topics.${topic.key}.term`),
  }));
  const searching = deferred.trim() !== '';
  const found = {
    topics: searching ? filterHelp(topics, deferred) : [],
    articles: filterHelp(articles.data ?? [], deferred),
    faqs: filterHelp(faqs.data ?? [], deferred),
  };

  const search = (value: string) => {
    setQuery(value);
    const next = new URLSearchParams(params);
    if (value.trim()) next.set('q', value);
    else next.delete('q');
    setParams(next, { replace: true });
  };

  return {
    query,
    term: deferred.trim(),
    searching,
    topics,
    found,
    loading: articles.isPending || faqs.isPending,
    failed: articles.isError || faqs.isError,
    search,
  };
}
