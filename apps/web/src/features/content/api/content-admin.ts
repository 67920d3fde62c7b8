import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageOut } from '@meltway/shared/common/errors';
import type { FaqInput, FaqOut } from '@meltway/shared/content/faq.schema';
import type { HelpArticleOut } from '@meltway/shared/content/help.schema';
import { api } from '@/lib/api-client';
import { saveMultipart, type MultipartFields } from '@/lib/multipart';
import { contentKeys } from './content-keys';

/** Every content write retires the help centre's lists and pages, the storefront's included. */
function useContentMutation<TVars, TOut>(mutationFn: (vars: TVars) => Promise<TOut>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: contentKeys.all }) });
}

/** Help articles are multipart (name, description, an optional image). */
export const useSaveHelpArticle = () =>
  useContentMutation(({ id, fields, onProgress }: { id?: string; fields: MultipartFields; onProgress?: (fraction: number) => void }) =>
    saveMultipart<HelpArticleOut>('/api/v1/helpcenter', id, fields, { onProgress }),
  );
export const useDeleteHelpArticle = () =>
  useContentMutation((id: string) => api.delete<MessageOut>(`/api/v1/helpcenter/permanent/${encodeURIComponent(id)}`));

export const useSaveFaq = () =>
  useContentMutation(({ id, input }: { id?: string; input: FaqInput }) =>
    id ? api.put<FaqOut>(`/api/v1/faq/${encodeURIComponent(id)}`, input) : api.post<FaqOut>('/api/v1/faq', input),
  );
export const useDeleteFaq = () => useContentMutation((id: string) => api.delete<MessageOut>(`/api/v1/faq/permanent/${encodeURIComponent(id)}`));

/** The confirmed newsletter subscribers as CSV (admins only); it needs the bearer token, so no plain link. */
export const fetchSubscribersCsv = () => api.blob('/api/v1/newsletter/subscribers.csv');
