import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AboutFigures } from '@meltway/shared/content/about.schema';
import { api } from '@/lib/api-client';
import { contentKeys } from './content-keys';

const fetchAboutFigures = () => api.get<AboutFigures>('/api/v1/about/figures');

/** The About page's figures; the server renders the page with the same query. */
const aboutFiguresQuery = () => queryOptions({ queryKey: contentKeys.aboutFigures(), queryFn: fetchAboutFigures, staleTime: 5 * 60_000 });

export function useAboutFigures() {
  return useQuery(aboutFiguresQuery());
}
