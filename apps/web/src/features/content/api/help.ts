import { useQuery } from '@tanstack/react-query';
import type { FaqOut } from '@meltway/shared/content/faq.schema';
import type { HelpArticleOut } from '@meltway/shared/content/help.schema';
import { api } from '@/lib/api-client';
import { contentKeys } from './content-keys';

const fetchHelpArticles = () => api.get<HelpArticleOut[]>('/api/v1/helpcenter');
const fetchHelpArticle = (slug: string) => api.get<HelpArticleOut>(`/api/v1/helpcenter/${encodeURIComponent(slug)}`);
const fetchFaqs = () => api.get<FaqOut[]>('/api/v1/faq');

export function useHelpArticles() {
  return useQuery({ queryKey: contentKeys.helpArticles(), queryFn: fetchHelpArticles, staleTime: 5 * 60_000 });
}

export function useHelpArticle(slug: string) {
  return useQuery({ queryKey: contentKeys.helpArticle(slug), queryFn: () => fetchHelpArticle(slug) });
}

export function useFaqs() {
  return useQuery({ queryKey: contentKeys.faqs(), queryFn: fetchFaqs, staleTime: 5 * 60_000 });
}
