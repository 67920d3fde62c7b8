import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import type { StudentAttemptOut, StudentOut } from '@meltway/shared/academy/learning.schema';
import frLearners from '@/locales/fr/learners.json';
import { sessionStore, type SessionUser } from '@/lib/session';
import { renderWithApp } from '@/test/render';
import { StudentAttemptsDialog } from './student-attempts-dialog';

const admin = { id: '00000000-0000-4000-8000-000000000001', fullname: 'Ada Admin', role: 'admin' } as SessionUser;
const student = {
  id: '00000000-0000-4000-8000-0000000000a1',
  courseTitle: 'Installing driveway mats',
  studentName: 'Luc Gagnon',
} as StudentOut;
const attempt = (patch: Partial<StudentAttemptOut>): StudentAttemptOut => ({
  id: '00000000-0000-4000-8000-0000000000b1',
  assignmentId: '00000000-0000-4000-8000-0000000000c1',
  quizTitle: 'Mat safety',
  cycle: 1,
  attemptNumber: 1,
  score: 50,
  passed: false,
  created_at: '2026-11-02T15:30:00.000Z',
  ...patch,
});
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe("a student's quiz attempts", () => {
  let answer: () => Response;
  const fetchMock = vi.fn(async () => answer());

  beforeEach(() => {
    sessionStore.set({ user: admin, access_token: 'a', refresh_token: 'r' });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
    sessionStore.clear();
    await i18n.changeLanguage('en');
  });

  it("lists each attempt of the enrolment: quiz, cycle, number, score, result and date", async () => {
    answer = () => json(200, [attempt({}), attempt({ id: '00000000-0000-4000-8000-0000000000b2', attemptNumber: 2, score: 100, passed: true })]);
    renderWithApp(<StudentAttemptsDialog student={student} name="Luc Gagnon" onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Quiz attempts of Luc Gagnon' });
    const table = await within(dialog).findByRole('table', { name: 'Quiz attempts of Luc Gagnon' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(0, 5).map((c) => c.textContent))).toEqual([
      ['Mat safety', '1', '1', '50 %', 'Failed'],
      ['Mat safety', '1', '2', '100 %', 'Passed'],
    ]);
    expect(within(rows[0]!).getAllByRole('cell')[5]!.textContent).toMatch(/2026/);
    expect(String((fetchMock.mock.calls[0] as unknown as [string])[0])).toContain(`/api/v1/students/${student.id}/attempts`);
  });

  it('says when there is none, in French on a French page', async () => {
    i18n.addResourceBundle('fr', 'learners', frLearners, true, true);
    await i18n.changeLanguage('fr');
    answer = () => json(200, []);
    renderWithApp(<StudentAttemptsDialog student={student} name="Luc Gagnon" onOpenChange={() => {}} />);
    expect(await screen.findByText('Aucune tentative pour l’instant.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Tentatives de Luc Gagnon' })).toBeInTheDocument();
  });

  it('says when they could not be loaded, and loads them again on Try again', async () => {
    answer = () => json(500, { message: 'Something went wrong', code: 'common.generic' });
    renderWithApp(<StudentAttemptsDialog student={student} name="Luc Gagnon" onOpenChange={() => {}} />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    answer = () => json(200, [attempt({})]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'Mat safety' })).toBeInTheDocument();
  });

  it('stays closed without a student', () => {
    answer = () => json(200, []);
    renderWithApp(<StudentAttemptsDialog student={null} name="" onOpenChange={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
