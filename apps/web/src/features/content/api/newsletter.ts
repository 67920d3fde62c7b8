import { useMutation } from '@tanstack/react-query';
import type { MessageOut } from '@meltway/shared/common/errors';
import type { NewsletterInput } from '@meltway/shared/content/newsletter.schema';
import { api } from '@/lib/api-client';

const subscribeToNewsletter = (input: NewsletterInput) => api.post<MessageOut>('/api/v1/newsletter/subscribe', input);
export const confirmNewsletter = (token: string) => api.post<MessageOut>('/api/v1/newsletter/confirm', { token });
export const unsubscribeNewsletter = (token: string) => api.post<MessageOut>('/api/v1/newsletter/unsubscribe', { token });

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
