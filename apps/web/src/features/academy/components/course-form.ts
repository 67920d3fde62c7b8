import type { z } from 'zod';
import { newLesson, newSection, type CourseInput, type CourseOut, type LessonInput } from '@meltway/shared/academy/course.schema';

export type CourseValues = CourseInput;
export type CourseParsed = z.output<typeof CourseInput>;

export { newLesson, newSection };

/** A new course: no cover, published once saved (as SPEC's courses were), one section to start from. */
export const emptyCourse = (): CourseValues => ({
  courseTitle: '',
  description: '',
  author: '',
  coverImage: null,
  status: 'published',
  sections: [newSection()],
});

/** The builder's values for a stored course; sections and lessons keep their ids so a save keeps them stable. */
export function courseToValues(course: CourseOut): CourseValues {
  return {
    courseTitle: course.courseTitle,
    description: course.description,
    author: course.author.id,
    coverImage: course.coverImage,
    status: course.status,
    sections: course.sections.map((section) => ({
      id: section.id,
      title: section.title,
      lessons: section.lessons.map(
        (lesson): LessonInput => ({
          id: lesson.id,
          title: lesson.title,
          type: lesson.type,
          duration: lesson.duration ?? '',
          videoId: lesson.videoId ?? '',
          assignments: lesson.assignments ?? '',
          pdfLink: lesson.pdfLink ?? '',
        }),
      ),
    })),
  };
}
