import { describe, expect, it } from 'vitest';
import { CourseInput } from '@meltway/shared/academy/course.schema';
import { courseToValues, emptyCourse, newLesson, newSection } from './course-form';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe('course builder values', () => {
  it('starts a section with a blank title and one video lesson with no duration', () => {
    expect(newSection()).toMatchObject({ title: '', lessons: [{ title: '', type: 'video', duration: '' }] });
    expect(newLesson()).toMatchObject({ title: '', type: 'video', duration: '' });
    expect(emptyCourse().sections).toHaveLength(1);
  });

  it('keeps section and lesson ids of a stored course, so saving it again keeps them', () => {
    const values = courseToValues({
      id: id(1),
      courseTitle: 'Snowmelt basics',
      description: '',
      coverImage: '/uploads/courses/a.png',
      status: 'draft',
      author: { id: id(2), name: 'A', description: '', image: null },
      lessonCount: 1,
      created_at: '',
      updated_at: '',
      sections: [
        {
          id: id(3),
          title: 'Intro',
          position: 0,
          lessons: [{ id: id(4), title: 'Welcome', type: 'video', position: 0, duration: '5:20', videoId: 'abc', assignments: null, pdfLink: null }],
        },
      ],
    });
    const parsed = CourseInput.parse(values);
    expect(parsed.sections[0]).toMatchObject({ id: id(3), lessons: [{ id: id(4), duration: '5:20', videoId: 'abc' }] });
    expect(parsed).toMatchObject({ author: id(2), status: 'draft', coverImage: '/uploads/courses/a.png' });
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
