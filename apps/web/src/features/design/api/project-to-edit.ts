import { useSearchParams } from 'react-router';
import { useProject } from './projects';

/** The generator's query parameter naming the saved project it edits. */
const PROJECT_PARAM = 'project';

/** The generator's address with the project's design loaded, to change it and save it back. */
export const editDesignPath = (id: string) => `/layout-generator?${PROJECT_PARAM}=${encodeURIComponent(id)}`;

/**
 * The saved project the generator was opened to edit (`/layout-generator?project=<id>`): its input to
 * load into the form, and its id to save the changes back with `useUpdateProject`. Nothing without the
 * parameter; `error` when the project cannot be read (gone, or not the reader's).
 */
export function useProjectToEdit() {
  const [params] = useSearchParams();
  const id = params.get(PROJECT_PARAM) ?? undefined;
  const project = useProject(id);
  return { id, project: project.data, isLoading: !!id && project.isPending, error: project.error };
}
