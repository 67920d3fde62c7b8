import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '@meltway/shared/content/contact.schema';
import type { MessageOut } from '@meltway/shared/common/errors';
import { api } from '@/lib/api-client';

const sendContactMessage = (input: ContactInput) => api.post<MessageOut>('/api/v1/contact', input);

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
