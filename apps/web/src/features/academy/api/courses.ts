import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseInput, CourseListItem, CourseOut } from '@meltway/shared/academy/course.schema';
import { api } from '@/lib/api-client';
import { academyKeys } from './academy-keys';

const fetchCourses = () => api.get<CourseListItem[]>('/api/v1/courses');
const fetchCourse = (id: string) => api.get<CourseOut>(`/api/v1/courses/${encodeURIComponent(id)}`);

export function useCourses() {
  return useQuery({ queryKey: academyKeys.courses(), queryFn: fetchCourses });
}

export function useCourse(id: string | undefined) {
  return useQuery({ queryKey: academyKeys.course(id ?? ''), queryFn: () => fetchCourse(id!), enabled: !!id });
}

/** Creates a course (`id` absent, POST) or replaces one's content (PUT, sections and lessons keep their ids). */
export function useSaveCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: CourseInput }) =>
      id ? api.put<CourseOut>(`/api/v1/courses/${encodeURIComponent(id)}`, input) : api.post<CourseOut>('/api/v1/courses', input),
    onSuccess: (course) => {
      queryClient.setQueryData(academyKeys.course(course.id), course);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: academyKeys.courses(), exact: true }),
        queryClient.invalidateQueries({ queryKey: academyKeys.certifications() }),
      ]);
    },
  });
}

/** Deletes a course for good; the row leaves the cached list at once. */
export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/v1/courses/permanent/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<CourseListItem[]>(academyKeys.courses(), (rows) => rows?.filter((c) => c.id !== id));
      queryClient.removeQueries({ queryKey: academyKeys.course(id) });
      return queryClient.invalidateQueries({ queryKey: academyKeys.courses(), exact: true });
    },
  });
}
