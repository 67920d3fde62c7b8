import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DesignProject, ReadingInput } from '@meltway/shared/design/project.schema';
import { api } from '@/lib/api-client';
import { sendMultipart } from '@/lib/multipart';
import { projectKeys } from './project-keys';
import { projectPath } from './projects';

const enc = encodeURIComponent;

// Each change of the installation record answers the whole project: what inspection still needs is the server's to work out.
const addReading = (id: string, input: ReadingInput) => api.post<DesignProject>(`${projectPath(id)}/readings`, input);
const deleteReading = (id: string, readingId: string) => api.delete<DesignProject>(`${projectPath(id)}/readings/${enc(readingId)}`);
const uploadPhoto = (id: string, photo: File, onProgress?: (fraction: number) => void) =>
  sendMultipart<DesignProject>('POST', `${projectPath(id)}/photos`, { photo }, { onProgress });
const deletePhoto = (id: string, photoId: string) => api.delete<DesignProject>(`${projectPath(id)}/photos/${enc(photoId)}`);

/** The project's page shows the project the server answered; lists show neither readings nor photos. */
function useProjectAnswered() {
  const queryClient = useQueryClient();
  return (project: DesignProject) => queryClient.setQueryData(projectKeys.detail(project.id), project);
}

/** Records a test of one mat or cable; a new test of the same unit and phase replaces the one before. */
export function useAddReading() {
  const answered = useProjectAnswered();
  return useMutation({ mutationFn: ({ id, input }: { id: string; input: ReadingInput }) => addReading(id, input), onSuccess: answered });
}

export function useDeleteReading() {
  const answered = useProjectAnswered();
  return useMutation({ mutationFn: ({ id, readingId }: { id: string; readingId: string }) => deleteReading(id, readingId), onSuccess: answered });
}

export function useUploadPhoto() {
  const answered = useProjectAnswered();
  return useMutation({
    mutationFn: ({ id, photo, onProgress }: { id: string; photo: File; onProgress?: (fraction: number) => void }) => uploadPhoto(id, photo, onProgress),
    onSuccess: answered,
  });
}

export function useDeletePhoto() {
  const answered = useProjectAnswered();
  return useMutation({ mutationFn: ({ id, photoId }: { id: string; photoId: string }) => deletePhoto(id, photoId), onSuccess: answered });
}
