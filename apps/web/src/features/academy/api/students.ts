import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddStudentOut, StudentAttemptOut, StudentOut } from '@meltway/shared/academy/learning.schema';
import type { PageRequest, PageResult } from '@/components/data-table/data-table';
import { api } from '@/lib/api-client';
import { sendMultipart } from '@/lib/multipart';
import { academyKeys } from './academy-keys';

/** One page of enrolments with their learners' progress: all for an admin, a dealer's own contractors' for a dealer. */
export function fetchStudentsPage(request: PageRequest, filters: { courseId?: string } = {}): Promise<PageResult<StudentOut>> {
  return api.get<PageResult<StudentOut>>('/api/v1/students', {
    page: request.page,
    pageSize: request.pageSize,
    q: request.q.trim() || undefined,
    courseId: filters.courseId,
  });
}

export type AddStudentForm = { name: { en: string; fr: string }; email: string; courseId: string; image: File | null };

/** Add New Student: the name goes as JSON `{ en, fr }` beside the email, the course and the picture. */
export function useAddStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, onProgress }: { input: AddStudentForm; onProgress?: (f: number) => void }) =>
      sendMultipart<AddStudentOut>(
        'POST',
        '/api/v1/students',
        { name: JSON.stringify(input.name), email: input.email, courseId: input.courseId, image: input.image },
        { onProgress },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: academyKeys.students() }),
  });
}

export function useRemoveStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/v1/students/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: academyKeys.students() }),
  });
}

/** An enrolment's quiz attempts (quiz, cycle, number, score, passed, date), oldest first; fetched while `enabled`. */
export function useStudentAttempts(enrolmentId: string | undefined) {
  return useQuery({
    queryKey: academyKeys.studentAttempts(enrolmentId ?? ''),
    queryFn: () => api.get<StudentAttemptOut[]>(`/api/v1/students/${encodeURIComponent(enrolmentId!)}/attempts`),
    enabled: !!enrolmentId,
  });
}
