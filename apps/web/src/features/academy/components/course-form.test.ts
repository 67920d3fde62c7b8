import { describe, expect, it } from 'vitest';
import { CourseInput, newLesson, newSection } from '@meltway/shared/academy/course.schema';
import { emptyCourse } from './course-form';

describe('course builder values', () => {
  it('starts a section with a blank title and one video lesson with no duration', () => {
    expect(newSection()).toMatchObject({ title: '', lessons: [{ title: '', type: 'video', duration: '' }] });
    expect(newLesson()).toMatchObject({ title: '', type: 'video', duration: '' });
    expect(emptyCourse().sections).toHaveLength(1);
  });

  it('refuses a new course without a title, an author, a section title or a lesson title', () => {
    const result = CourseInput.safeParse(emptyCourse());
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['courseTitle', 'author', 'sections.0.title', 'sections.0.lessons.0.title']));
  });

  it('asks a titled video lesson for its duration and video id', () => {
    const course = { ...emptyCourse(), sections: [{ title: 'Intro', lessons: [{ ...newLesson(), title: 'Welcome' }] }] };
    const result = CourseInput.safeParse(course);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['sections.0.lessons.0.duration', 'sections.0.lessons.0.videoId']));
  });
});
