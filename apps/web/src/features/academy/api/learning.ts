import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AttemptOut,
  QuizOut,
  SubmissionGradeInput,
  SubmissionList,
  SubmissionOut,
} from '@meltway/shared/academy/learning.schema';
import type { PageRequest, PageResult } from '@/components/data-table/data-table';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { academyKeys } from './academy-keys';

/** Query keys of what a learner does: quizzes, and files handed in. */
export const learningKeys = {
  all: [...academyKeys.all, 'learning'] as const,
  quiz: (assignmentId: string, courseId: string) => [...learningKeys.all, 'quiz', assignmentId, courseId] as const,
  submissions: () => [...learningKeys.all, 'submissions'] as const,
  submissionList: (filters: SubmissionFilters) => [...learningKeys.submissions(), 'list', filters] as const,
};

const enc = encodeURIComponent;

export function useQuiz(assignmentId: string, courseId: string) {
  return useQuery({
    queryKey: learningKeys.quiz(assignmentId, courseId),
    queryFn: () => api.get<QuizOut>(`/api/v1/assignments/${enc(assignmentId)}/quiz`, { courseId }),
  });
}

/** A random key per submission, so that a retry of the same answers is one attempt. */
export const newAttemptKey = () => `quiz-${crypto.randomUUID()}`;

export function useSubmitAttempt(assignmentId: string, courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    /** The answers to the sheet `sheetId` (the quiz's open one): a refused stale sheet (409) or a wait (429) asks for the quiz again too. */
    mutationFn: ({ answers, key, sheetId }: { answers: number[]; key: string; sheetId: string }) =>
      api.post<AttemptOut>(`/api/v1/assignments/${enc(assignmentId)}/attempts`, { answers, courseId, sheetId }, { headers: { 'Idempotency-Key': key } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: learningKeys.quiz(assignmentId, courseId) }),
  });
}

export type SubmissionFilters = { courseId?: string; graded?: 'yes' | 'no' };

export function fetchSubmissionsPage(request: PageRequest, filters: SubmissionFilters = {}): Promise<PageResult<SubmissionOut>> {
  return api.get<SubmissionList>('/api/v1/assignment-submissions', { page: request.page, pageSize: request.pageSize, ...filters });
}

/** The signed-in learner's own submissions, newest first. */
export function useMySubmissions() {
  return useQuery({
    queryKey: learningKeys.submissionList({}),
    queryFn: () => api.get<SubmissionList>('/api/v1/assignment-submissions', { page: 1, pageSize: 100 }),
  });
}

export function useSubmitFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courseId, file, onProgress }: { courseId: string; file: File; onProgress?: (f: number) => void }) => {
      const form = new FormData();
      form.append('courseId', courseId);
      form.append('file', file, file.name);
      return api.upload<SubmissionOut>('POST', '/api/v1/assignment-submissions', form, { onProgress });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learningKeys.submissions() }),
  });
}

export async function downloadSubmission(s: Pick<SubmissionOut, 'id' | 'fileName'>) {
  const blob = await api.blob(`/api/v1/assignment-submissions/${enc(s.id)}/file`);
  saveFile(blob, s.fileName);
}

export function useGradeSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: SubmissionGradeInput }) =>
      api.post<SubmissionOut>(`/api/v1/assignment-submissions/${enc(id)}/grade`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learningKeys.submissions() }),
  });
}
