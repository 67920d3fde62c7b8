import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { CourseProgressOut } from '@meltway/shared/academy/learning.schema';
import { sessionStore, type SessionUser } from '@/lib/session';
import { learnerKeys, useEnrol, useProgress, useRecertify, useRecordProgress } from './learning-api';

const learner = { id: '00000000-0000-4000-8000-000000000009', fullname: 'Luc Gagnon', role: 'contractor' } as SessionUser;
const COURSE = '00000000-0000-4000-8000-0000000000d1';
const enrolled: CourseProgressOut = { percent: 0, seenLessonIds: [], lastLessonId: null, completedAt: null, certificateId: null, watchedSeconds: {}, cycle: 1, recertifiable: false };

describe('enrolling', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('leaves the progress enrolled even when the first progress answer, given before the enrolment, arrives after it', async () => {
    sessionStore.set({ user: learner, access_token: 'a', refresh_token: 'r' });
    // The server answers the first progress request "not enrolled", but that answer reaches the page only after
    // the enrolment's: the order a loaded machine gave when the course page enrols right after signing in.
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let progressCalls = 0;
    const fetch = vi.fn(async (url: string | URL, init?: RequestInit) => {
      const path = String(url);
      if (path.endsWith('/enrolment') && init?.method === 'POST') {
        return Response.json({ courseId: COURSE, enrolledAt: '2026-11-28T12:00:00.000Z' }, { status: 201 });
      }
      if (path.endsWith('/progress')) {
        progressCalls += 1;
        if (progressCalls === 1) {
          await firstHeld;
          return Response.json({ error: 'Not Found', message: 'You are not enrolled in this course' }, { status: 404 });
        }
        return Response.json(enrolled);
      }
      return Response.json({ error: 'Not Found', message: path }, { status: 404 });
    });
    vi.stubGlobal('fetch', fetch);

    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => ({ progress: useProgress(COURSE), enrol: useEnrol() }), { wrapper });
    await waitFor(() => expect(progressCalls).toBe(1));

    let enrolledThen = false;
    const done = result.current.enrol.mutateAsync(COURSE).then(() => (enrolledThen = true));
    // The enrolment has been answered; only then does the old "not enrolled" answer arrive.
    await waitFor(() => expect(fetch.mock.calls.some(([u, i]) => String(u).endsWith('/enrolment') && i?.method === 'POST')).toBe(true));
    releaseFirst();
    await act(() => done);

    // By the time the enrolment counts as done (the page then opens the player), the progress is the enrolled one.
    expect(enrolledThen).toBe(true);
    expect(queryClient.getQueryData(learnerKeys.progress(COURSE))).toEqual(enrolled);
    expect(result.current.progress.data).toEqual(enrolled);
    expect(progressCalls).toBe(2);
  });
});

describe('reporting a video and recertifying', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  const LESSON = '00000000-0000-4000-8000-0000000000e1';
  const setUp = (answer: (path: string, init?: RequestInit) => Response) => {
    sessionStore.set({ user: learner, access_token: 'a', refresh_token: 'r' });
    const fetch = vi.fn(async (url: string | URL, init?: RequestInit) => answer(String(url), init));
    vi.stubGlobal('fetch', fetch);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    return { fetch, queryClient, wrapper };
  };

  it('sends the seconds watched without marking the video seen, and keeps the progress the server answers', async () => {
    const counted = { ...enrolled, percent: 50, seenLessonIds: [LESSON], watchedSeconds: { [LESSON]: 8 } };
    const { fetch, queryClient, wrapper } = setUp((path) => (path.endsWith('/progress') ? Response.json(counted) : Response.json([])));
    const { result } = renderHook(() => useRecordProgress(COURSE), { wrapper });
    await act(() => result.current.mutateAsync({ lessonId: LESSON, seen: false, watchedSeconds: 8 }));
    const [url, init] = fetch.mock.calls.find(([u]) => String(u).includes('/lessons/'))!;
    expect(String(url)).toBe(`/api/v1/lessons/${LESSON}/progress`);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ seen: false, watchedSeconds: 8 });
    expect(queryClient.getQueryData(learnerKeys.progress(COURSE))).toEqual(counted);
  });

  it('re-opens the course for a new cycle and keeps its progress, or passes the refusal on', async () => {
    const reopened = { ...enrolled, cycle: 2 };
    let open = true;
    const { fetch, queryClient, wrapper } = setUp((path, init) =>
      path.endsWith('/recertification') && init?.method === 'POST'
        ? open
          ? Response.json(reopened)
          : Response.json({ message: 'not open', code: 'academy.recertificationNotOpen' }, { status: 409 })
        : Response.json([]),
    );
    const { result } = renderHook(() => useRecertify(), { wrapper });
    await act(() => result.current.mutateAsync(COURSE));
    expect(fetch.mock.calls.some(([u, i]) => String(u) === `/api/v1/courses/${COURSE}/recertification` && i?.method === 'POST')).toBe(true);
    expect(queryClient.getQueryData(learnerKeys.progress(COURSE))).toEqual(reopened);
    open = false;
    await expect(result.current.mutateAsync(COURSE)).rejects.toMatchObject({ status: 409, code: 'academy.recertificationNotOpen' });
  });
});
