import { ApiError } from '@/lib/api-client';

/** Why a delete failed: the server's reason (such as "already linked to course") in the reader's language, else `fallback`. */
export function deleteFailure(error: unknown, message: (text: string | undefined) => string | undefined, fallback: string) {
  if (error instanceof ApiError && error.serverMessage) return message(error.serverMessage) ?? fallback;
  return fallback;
}
