import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import i18n from 'i18next';
import type { EnrolledCourseOut } from '@meltway/shared/academy/learning.schema';
import frCommon from '@/locales/fr/common.json';
import frLms from '@/locales/fr/lms.json';
import { sessionStore, type SessionUser } from '@/lib/session';
import { renderWithApp } from '@/test/render';
import HomePage from './home-page';

const learner = { id: '00000000-0000-4000-8000-000000000009', fullname: 'Luc Gagnon', role: 'contractor' } as SessionUser;
const course = (patch: Partial<EnrolledCourseOut>): EnrolledCourseOut => ({
  courseId: '00000000-0000-4000-8000-0000000000d1',
  courseTitle: 'Installing driveway mats',
  description: 'From the slab to the controller.',
  courseTitleFr: 'Installer des tapis pour entrées',
  descriptionFr: 'De la dalle au thermostat.',
  coverImage: null,
  authorName: 'Émilie Côté',
  percent: 50,
  enrolledAt: '2026-11-01T12:00:00.000Z',
  lastActivityAt: '2026-11-02T12:00:00.000Z',
  completedAt: null,
  nextLesson: { id: '00000000-0000-4000-8000-0000000000e1', title: 'Measure the area', titleFr: 'Mesurer la surface', type: 'video' },
  ...patch,
});
// The second course has no French: its English texts serve on the French page.
const courses = [
  course({}),
  course({
    courseId: '00000000-0000-4000-8000-0000000000d2',
    courseTitle: 'Cable basics',
    description: 'Spacing and testing.',
    courseTitleFr: null,
    descriptionFr: null,
    nextLesson: { id: '00000000-0000-4000-8000-0000000000e2', title: 'Spacing', titleFr: null, type: 'pdf' },
  }),
];

describe('the learner home', () => {
  beforeEach(() => {
    sessionStore.set({ user: learner, access_token: 'a', refresh_token: 'r' });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(courses), { status: 200, headers: { 'Content-Type': 'application/json' } })));
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    sessionStore.clear();
    await i18n.changeLanguage('en');
  });

  it('shows course and lesson titles in English on an English page', async () => {
    renderWithApp(<HomePage />, { path: '/lms/home' });
    expect(await screen.findByRole('link', { name: 'Installing driveway mats' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Measure the area' })).toBeInTheDocument();
    expect(screen.queryByText(/Installer des tapis/)).not.toBeInTheDocument();
  });

  it('shows them in French on a French page, in English where none was written', async () => {
    i18n.addResourceBundle('fr', 'lms', frLms, true, true);
    i18n.addResourceBundle('fr', 'common', frCommon, true, true);
    await i18n.changeLanguage('fr');
    renderWithApp(<HomePage />, { path: '/lms/home' });
    expect(await screen.findByRole('link', { name: 'Installer des tapis pour entrées' })).toBeInTheDocument();
    expect(screen.getByText('De la dalle au thermostat.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mesurer la surface' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cable basics' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Spacing' })).toBeInTheDocument();
    expect(screen.queryByText(/Installing driveway mats|Measure the area|From the slab/)).not.toBeInTheDocument();
  });
});
