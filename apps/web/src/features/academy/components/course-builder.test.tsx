import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/test/render';
import { CourseBuilder } from './course-builder';
import { emptyCourse } from './course-form';

const AUTHOR = '00000000-0000-4000-8000-000000000001';
const DOC = '00000000-0000-4000-8000-000000000002';
const QUIZ = '00000000-0000-4000-8000-000000000003';

vi.mock('../api/authors', () => ({ useAuthors: () => ({ data: [{ id: AUTHOR, name: 'Nadia Chen' }], isPending: false, isError: false }) }));
vi.mock('../api/documents', () => ({ useDocs: () => ({ data: [{ id: DOC, name: 'Installation checklist' }], isPending: false }) }));
vi.mock('../api/assignments', () => ({ useAssignments: () => ({ data: [{ id: QUIZ, title: 'Mat quiz' }], isPending: false }) }));

const SLOW = { timeout: 5000 };
const section = (n: number) => screen.getByRole('group', { name: `Section ${n}` });
const lesson = (scope: HTMLElement, n: number) => within(scope).getByRole('group', { name: `Lesson ${n}` });

describe('Course Builder', { timeout: 30_000 }, () => {
  it('shows the fields a lesson type needs, keeps the order the author sets, and sends the parsed course', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithApp(<CourseBuilder defaultValues={emptyCourse()} onSubmit={onSubmit} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Save Course Content' }));
    await waitFor(() => expect(screen.getByText('Course title is required')).toBeInTheDocument(), SLOW);
    expect(screen.getByText('Please select an author')).toBeInTheDocument();
    expect(screen.getByText('Duration is required, for example 5:20')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Course Title'), 'Heated stairs');
    await user.selectOptions(screen.getByLabelText('Author'), 'Nadia Chen');
    await user.type(within(section(1)).getByLabelText('Section Title'), 'Basics');
    await user.type(within(lesson(section(1), 1)).getByLabelText('Lesson Title'), 'Welcome');
    await user.type(within(lesson(section(1), 1)).getByLabelText('Duration'), '5:20');
    await user.type(within(lesson(section(1), 1)).getByLabelText('Video ID'), 'abc123');

    await user.click(within(section(1)).getByRole('button', { name: /\+ Add Lesson/ }));
    const second = lesson(section(1), 2);
    expect(within(second).getByLabelText('Lesson type')).toHaveValue('video');
    await user.type(within(second).getByLabelText('Lesson Title'), 'Checklist');
    await user.selectOptions(within(second).getByLabelText('Lesson type'), 'pdf');
    expect(within(second).queryByLabelText('Duration')).not.toBeInTheDocument();
    await user.selectOptions(within(second).getByLabelText('Document'), 'Installation checklist');

    await user.click(within(section(1)).getByRole('button', { name: 'Move lesson Checklist up' }));
    expect(within(lesson(section(1), 1)).getByLabelText('Lesson Title')).toHaveValue('Checklist');

    await user.click(screen.getByRole('button', { name: '+ Add Section' }));
    expect(within(section(2)).getByLabelText('Section Title')).toHaveValue('');
    await user.click(within(section(2)).getByRole('button', { name: /Delete Section/ }));
    expect(screen.queryByRole('group', { name: 'Section 2' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Course Content' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled(), SLOW);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      courseTitle: 'Heated stairs',
      author: AUTHOR,
      status: 'published',
      sections: [
        {
          title: 'Basics',
          lessons: [
            { title: 'Checklist', type: 'pdf', pdfLink: DOC, duration: null, videoId: null },
            { title: 'Welcome', type: 'video', duration: '5:20', videoId: 'abc123', pdfLink: null },
          ],
        },
      ],
    });
  });

  it('refuses a cover that is not an image, or larger than 2MB, before anything is sent', async () => {
    renderWithApp(<CourseBuilder defaultValues={emptyCourse()} onSubmit={vi.fn()} />);
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Course Cover Image');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByText('Only image files are allowed')).toBeInTheDocument();
    await user.upload(input, new File([new Uint8Array(3 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    expect(screen.getByText('File size must be less than 2MB')).toBeInTheDocument();
  });
});
