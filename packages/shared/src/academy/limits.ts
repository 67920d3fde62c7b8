/** Course cover images (SPEC.md: under 2MB) and author and certification images. */
export const ACADEMY_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const ACADEMY_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** PDF documents of pdf lessons. */
export const DOC_MAX_BYTES = 20 * 1024 * 1024;

export const LESSON_TYPES = ['video', 'assignment', 'pdf'] as const;
export type LessonType = (typeof LESSON_TYPES)[number];

export const COURSE_STATUSES = ['published', 'draft'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

export const MAX_SECTIONS = 50;
export const MAX_LESSONS_PER_SECTION = 100;
export const MAX_QUESTIONS = 100;
export const MAX_ANSWERS = 10;
