import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { productSlug } from '@meltway/shared/catalogue/slug';
import type { CartOut } from '@meltway/shared/cart-checkout/cart.schema';
import type { DesignCartOut, DesignProject, DesignSummary, UpdateDesignInput } from '@meltway/shared/design/project.schema';
import type { PageRequest, PageResult } from '@/components/data-table/data-table';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { projectKeys } from './project-keys';

export const projectPath = (id: string) => `/api/v1/designs/${encodeURIComponent(id)}`;

/** One page of the projects the caller may see (its own; a dealer's also its contractors' shared ones; an admin's all). */
export function fetchProjectsPage(request: PageRequest): Promise<PageResult<DesignSummary>> {
  return api.get<PageResult<DesignSummary>>('/api/v1/designs', { page: request.page, pageSize: request.pageSize });
}

const fetchProject = (id: string) => api.get<DesignProject>(projectPath(id));
const updateProject = (id: string, input: UpdateDesignInput) => api.put<DesignProject>(projectPath(id), input);
const deleteProject = (id: string) => api.delete<unknown>(projectPath(id));
/**
 * Puts the project's whole bill of materials in the caller's server cart, at live prices and stock, or nothing (409
 * `design.stockShort` naming the short lines); `partial` puts in what the stock allows. Answers the cart and the
 * lines still short.
 */
const addProjectToCart = ({ id, partial }: { id: string; partial?: boolean }) => api.post<DesignCartOut>(`${projectPath(id)}/cart`, partial ? { partial: true } : {});

export function useProject(id: string | undefined) {
  return useQuery({ queryKey: projectKeys.detail(id ?? ''), queryFn: () => fetchProject(id!), enabled: !!id, retry: false });
}

/** Keeps the project's page and every list in step with a project the server just answered. */
function useProjectChanged() {
  const queryClient = useQueryClient();
  return (project: DesignProject) => {
    queryClient.setQueryData(projectKeys.detail(project.id), project);
    void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
  };
}

/** Renames it, changes its design, shares it with the dealer or moves its status one step. */
export function useUpdateProject() {
  const changed = useProjectChanged();
  return useMutation({ mutationFn: ({ id, input }: { id: string; input: UpdateDesignInput }) => updateProject(id, input), onSuccess: changed });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: projectKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
    },
  });
}

/** Adds the bill of materials to the cart; `onCart` hands the cart the server answered to whoever shows it. */
export function useAddProjectToCart(onCart?: (cart: CartOut) => void) {
  return useMutation({ mutationFn: addProjectToCart, onSuccess: (cart) => onCart?.(cart) });
}

/** The file name the server gives the pack too: the project's name as a slug. */
export const permitPackFileName = (name: string) => `${productSlug(name) || 'project'}-permit-pack.pdf`;

/** Saves the project's permit pack in `lang`: fetched with the bearer token, never opened as a plain link. */
async function downloadPermitPack(project: Pick<DesignProject, 'id' | 'name'>, lang: string) {
  saveFile(await api.blob(`${projectPath(project.id)}/permit-pack.pdf`, { query: { lang } }), permitPackFileName(project.name));
}

export function useDownloadPermitPack() {
  return useMutation({ mutationFn: ({ project, lang }: { project: Pick<DesignProject, 'id' | 'name'>; lang: string }) => downloadPermitPack(project, lang) });
}
