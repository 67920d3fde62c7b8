import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommentOut } from '@meltway/shared/academy/comment.schema';
import type { CourseListItem } from '@meltway/shared/academy/course.schema';
import type { CourseProgressOut, EnrolledCourseOut, EnrolmentOut, LearnerCommentInput, LessonProgressInput } from '@meltway/shared/academy/learning.schema';
import { api, apiFetch, ApiError } from '@/lib/api-client';
import { currentLanguage, type Language } from '@/lib/i18n';
import { learningKeys } from '../api/learning';

/** Query keys of the learner's side of the academy. */
export const learnerKeys = {
  all: ['learner'] as const,
  /** A search's page depends on the language it matches in; the plain list does not. */
  catalogue: (q: string, page: number, lang: Language = currentLanguage()) => [...learnerKeys.all, 'catalogue', q, page, q ? lang : ''] as const,
  progress: (courseId: string) => [...learnerKeys.all, 'progress', courseId] as const,
  myCourses: () => [...learnerKeys.all, 'my-courses'] as const,
  questions: (courseId: string, lessonId: string | undefined) => [...learnerKeys.all, 'questions', courseId, lessonId ?? ''] as const,
};

export const CATALOGUE_PAGE_SIZE = 12;

/**
 * One page of the public catalogue with its total (the X-Total-Count header). Asked without credentials,
 * as a visitor would: published courses only, answered from the server's public cache.
 */
async function fetchCatalogue(q: string, page: number, lang: Language = currentLanguage()): Promise<{ courses: CourseListItem[]; total: number }> {
  const params = new URLSearchParams({ page: String(page), pageSize: String(CATALOGUE_PAGE_SIZE) });
  if (q) {
    params.set('q', q);
    // The search matches the page's language: French texts, English ones where there is no French.
    params.set('lang', lang);
  }
  const response = await apiFetch(`/api/v1/courses?${params}`, { headers: { Accept: 'application/json' } });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, body as never);
  return { courses: body as CourseListItem[], total: Number(response.headers.get('x-total-count') ?? 0) };
}

export function useCatalogue(q: string, page: number) {
  const lang = currentLanguage();
  return useQuery({ queryKey: learnerKeys.catalogue(q, page, lang), queryFn: () => fetchCatalogue(q, page, lang), placeholderData: keepPreviousData });
}

/** The learner's progress in a course; `null` when they are not enrolled (or nobody is signed in: `enabled` false). */
export function useProgress(courseId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: learnerKeys.progress(courseId ?? ''),
    enabled: !!courseId && enabled,
    queryFn: async () => {
      try {
        return await api.get<CourseProgressOut>(`/api/v1/courses/${encodeURIComponent(courseId!)}/progress`);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}

export function useEnrol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (courseId: string) => api.post<EnrolmentOut>(`/api/v1/courses/${encodeURIComponent(courseId)}/enrolment`),
    onSuccess: async (_r, courseId) => {
      // The course page asks for the progress as soon as the learner is signed in, so that first answer may
      // still be on its way, given before the enrolment ("not enrolled"). Invalidating alone would wait for it
      // (a fetch in flight is replaced only when the query already has data) and the player would open on
      // "not enrolled": drop it first, then ask again.
      await queryClient.cancelQueries({ queryKey: learnerKeys.progress(courseId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: learnerKeys.progress(courseId) }),
        queryClient.invalidateQueries({ queryKey: learnerKeys.myCourses() }),
      ]);
    },
  });
}

/**
 * Records the lesson the learner is on: `seen` for a PDF lesson opened, `watchedSeconds` for a video's time watched.
 * The server decides what counts (a video at 80% of its duration watched, a quiz once passed); the answer is the
 * course's progress.
 */
export function useRecordProgress(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, ...input }: { lessonId: string } & LessonProgressInput) =>
      api.put<CourseProgressOut>(`/api/v1/lessons/${encodeURIComponent(lessonId)}/progress`, input),
    onSuccess: (progress) => {
      queryClient.setQueryData(learnerKeys.progress(courseId), progress);
      return queryClient.invalidateQueries({ queryKey: learnerKeys.myCourses() });
    },
  });
}

/** The course's progress and the learner's courses again, after something the server counts (a quiz passed). */
export function useRefreshProgress(courseId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: learnerKeys.progress(courseId) }),
      queryClient.invalidateQueries({ queryKey: learnerKeys.myCourses() }),
    ]);
}

/**
 * POST /api/v1/courses/:id/recertification: re-opens a completed course whose certificate expired or expires within
 * 90 days, for a new attempt cycle; the answer is the course's progress in it.
 */
export function useRecertify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (courseId: string) => api.post<CourseProgressOut>(`/api/v1/courses/${encodeURIComponent(courseId)}/recertification`),
    onSuccess: (progress, courseId) => {
      queryClient.setQueryData(learnerKeys.progress(courseId), progress);
      // The quizzes start again in the new cycle.
      return Promise.all([queryClient.invalidateQueries({ queryKey: learnerKeys.myCourses() }), queryClient.invalidateQueries({ queryKey: learningKeys.all })]);
    },
  });
}

export function useMyCourses(enabled = true) {
  return useQuery({ queryKey: learnerKeys.myCourses(), queryFn: () => api.get<EnrolledCourseOut[]>('/api/v1/me/courses'), enabled });
}

export function useQuestions(courseId: string, lessonId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: learnerKeys.questions(courseId, lessonId),
    enabled,
    queryFn: () => api.get<CommentOut[]>(`/api/v1/courses/${encodeURIComponent(courseId)}/comments`, { lessonId }),
  });
}

export function useAskQuestion(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LearnerCommentInput) => api.post<CommentOut>(`/api/v1/courses/${encodeURIComponent(courseId)}/comments`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...learnerKeys.all, 'questions', courseId] }),
  });
}

/** The path of a lesson document (a PDF lesson, slides, a transcript), from GET /api/v1/docs/:id. */
export const fetchDocumentPath = async (id: string) => (await api.get<{ image: string }>(`/api/v1/docs/${encodeURIComponent(id)}`)).image;
