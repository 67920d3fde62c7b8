import type { z } from 'zod';
import { newSection, type CourseInput } from '@meltway/shared/academy/course.schema';

export type CourseValues = CourseInput;
export type CourseParsed = z.output<typeof CourseInput>;

/** A new course: no cover, published once saved (as SPEC's courses were), one section to start from. */
export const emptyCourse = (): CourseValues => ({
  courseTitle: '',
  courseTitleFr: '',
  description: '',
  descriptionFr: '',
  author: '',
  coverImage: null,
  status: 'published',
  sections: [newSection()],
});
