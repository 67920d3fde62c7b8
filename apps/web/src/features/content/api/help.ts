import { useQuery } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { FaqOut } from '@meltway/shared/content/faq.schema';
import { isHelpSlug, type HelpArticleOut } from '@meltway/shared/content/help.schema';
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

/**
 * /help/:slug of a slug the present rule would not give (a former one, or a title typed into the address):
 * the API answers it with a 301 to the article, whose present slug the page then moves to, with a 301 from
 * the server. A slug of the rule is the article's own, and costs no request here.
 */
export async function helpArticleLoader({ params }: LoaderFunctionArgs) {
  const slug = params.slug ?? '';
  if (isHelpSlug(slug)) return null;
  const article = await fetchHelpArticle(slug).catch(() => null);
  if (article && article.slug !== slug) throw redirect(`/help/${article.slug}`, 301);
  return null;
}
