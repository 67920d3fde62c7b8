import { designKeys } from './design-keys';

/**
 * Query keys of saved projects, under the generator's `projects` key so that a save there refreshes
 * these too; invalidate through these only.
 */
export const projectKeys = {
  all: designKeys.projects(),
  lists: () => [...projectKeys.all, 'list'] as const,
  list: (filters: Record<string, string | undefined>) => [...projectKeys.lists(), filters] as const,
  details: () => [...projectKeys.all, 'detail'] as const,
  detail: (id: string) => [...projectKeys.details(), id] as const,
};
