import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore, type SessionUser } from '@/lib/session';
import { renderWithApp } from '@/test/render';
import { CertificationDialog } from './certification-dialog';

const admin = { id: '00000000-0000-4000-8000-000000000001', fullname: 'Ada Admin', role: 'admin' } as SessionUser;
const COURSE = '00000000-0000-4000-8000-0000000000d1';
const courses = [
  {
    id: COURSE,
    courseTitle: 'Installing driveway mats',
    courseTitleFr: null,
    description: '',
    descriptionFr: null,
    coverImage: null,
    authorId: '00000000-0000-4000-8000-0000000000a1',
    authorName: 'Émilie Côté',
    lessonCount: 3,
    status: 'published',
    created_at: '2026-11-01T12:00:00.000Z',
    updated_at: '2026-11-01T12:00:00.000Z',
  },
];

/** The multipart forms the dialog sent, through XMLHttpRequest; each answered as created. */
const sent: FormData[] = [];
class CreatedXhr {
  status = 0;
  responseText = '';
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror = null;
  onabort = null;
  open() {}
  setRequestHeader() {}
  abort() {}
  send(body: FormData) {
    sent.push(body);
    this.status = 201;
    this.responseText = JSON.stringify({ id: '00000000-0000-4000-8000-0000000000c1', name: body.get('name') });
    queueMicrotask(() => this.onload?.());
  }
}

describe('certification dialog', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sent.length = 0;
    sessionStore.set({ user: admin, access_token: 'a', refresh_token: 'r' });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(courses), { status: 200, headers: { 'Content-Type': 'application/json' } })));
    vi.stubGlobal('XMLHttpRequest', CreatedXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('starts at 3 attempts in a row and a 24-hour wait, refuses a wait beyond 720 hours, and sends both', async () => {
    const onOpenChange = vi.fn();
    renderWithApp(<CertificationDialog open certification={null} onOpenChange={onOpenChange} />);
    const user = userEvent.setup();
    const attempts = await screen.findByLabelText('Attempts allowed');
    const wait = screen.getByLabelText('Wait before more attempts (hours)');
    expect(attempts).toHaveValue(3);
    expect(wait).toHaveValue(24);
    expect(attempts).toHaveAccessibleDescription(/Attempts in a row at each quiz of the course/);
    expect(wait).toHaveAccessibleDescription(/0 to 720 \(24 by default\)/);

    await user.type(screen.getByLabelText('Name', { exact: true }), 'Certified Mat Installer');
    await user.selectOptions(screen.getByLabelText('Course'), COURSE);
    await user.clear(wait);
    await user.type(wait, '721');
    await user.click(screen.getByRole('button', { name: 'Add Certification' }));
    expect(await screen.findByText('The wait before more attempts must be a whole number of hours from 0 to 720')).toBeInTheDocument();
    expect(wait).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);

    await user.clear(wait);
    await user.type(wait, '48');
    await user.click(screen.getByRole('button', { name: 'Add Certification' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect([sent[0]!.get('attemptsLimit'), sent[0]!.get('retryWaitHours'), sent[0]!.get('courseId')]).toEqual(['3', '48', COURSE]);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});
