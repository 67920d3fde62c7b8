import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDesignInput, DesignProject } from '@meltway/shared/design/project.schema';
import { api } from '@/lib/api-client';
import { designKeys } from './design-keys';

const createDesign = (input: CreateDesignInput) => api.post<DesignProject>('/api/v1/designs', input);

/** Saves the design as a new project of the signed-in user; the project lists follow. */
export function useCreateDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDesign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: designKeys.projects() }),
  });
}
