import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/test/render';
import { AssignmentBuilder, emptyAssignment } from './assignment-builder';

const SLOW = { timeout: 5000 };

describe('assignment builder', { timeout: 20_000 }, () => {
  it('names every missing piece, then sends the questions with the correct answer moved along', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithApp(<AssignmentBuilder defaultValues={emptyAssignment()} submitLabel="Create Assignment" onSubmit={onSubmit} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Create Assignment' }));
    await waitFor(() => expect(screen.getByText('Assignment title is required')).toBeInTheDocument(), SLOW);
    expect(screen.getByText('Question text is required')).toBeInTheDocument();
    expect(screen.getByText(/Give at least two answers/)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Title'), 'Mat safety');
    await user.type(screen.getByLabelText('Question text'), 'What protects a circuit?');
    await user.type(screen.getByLabelText('Answer 1'), 'A fuse');
    await user.type(screen.getByLabelText('Answer 2'), 'Nothing');
    await user.click(screen.getByRole('button', { name: 'Add answer' }));
    await user.type(screen.getByLabelText('Answer 3'), 'A ground-fault device');
    await user.click(screen.getByRole('radio', { name: 'Answer 3 is correct' }));
    await user.click(screen.getByRole('button', { name: 'Remove answer 1' }));
    expect(screen.getByRole('radio', { name: 'Answer 2 is correct' })).toBeChecked();
    expect(screen.getByLabelText('Answer 2')).toHaveValue('A ground-fault device');

    await user.click(screen.getByRole('button', { name: 'Create Assignment' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled(), SLOW);
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      title: 'Mat safety',
      questions: [{ questionText: 'What protects a circuit?', answers: ['Nothing', 'A ground-fault device'], correctIndex: 1 }],
      // Left empty: every question, every attempt.
      drawCount: null,
    });
  });

  it('draws at most as many questions as there are, and sends the number given', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const questions = [
      { questionText: 'Where does the sensor go?', answers: ['In the slab', 'On the roof'], correctIndex: 0 },
      { questionText: 'Can a mat be cut?', answers: ['Yes', 'No'], correctIndex: 1 },
    ];
    renderWithApp(<AssignmentBuilder defaultValues={{ title: 'Sensors', questions, drawCount: '' }} submitLabel="Save Assignment" onSubmit={onSubmit} />);
    const user = userEvent.setup();
    const draw = screen.getByLabelText('Questions per attempt');
    expect(draw).toHaveAccessibleDescription(/Leave empty to ask all of them/);

    await user.type(draw, '3');
    await user.click(screen.getByRole('button', { name: 'Save Assignment' }));
    await waitFor(() => expect(screen.getByText(/Questions drawn must be a whole number from 1 to the number of questions/)).toBeInTheDocument(), SLOW);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(draw);
    await user.type(draw, '1');
    await user.click(screen.getByRole('button', { name: 'Save Assignment' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled(), SLOW);
    expect(onSubmit.mock.calls[0]![0]).toEqual({ title: 'Sensors', questions, drawCount: 1 });
  });

  it('asks for the correct answer again when the chosen one is removed', async () => {
    renderWithApp(<AssignmentBuilder defaultValues={emptyAssignment()} submitLabel="Create Assignment" onSubmit={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add answer' }));
    await user.click(screen.getByRole('radio', { name: 'Answer 2 is correct' }));
    await user.click(screen.getByRole('button', { name: 'Remove answer 2' }));
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
  });
});
