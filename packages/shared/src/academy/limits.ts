/** Course cover images (SPEC.md: under 2MB) and author and certification images. */
export const ACADEMY_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const ACADEMY_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** PDF documents of pdf lessons. */
export const DOC_MAX_BYTES = 20 * 1024 * 1024;

export const LESSON_TYPES = ['video', 'assignment', 'pdf'] as const;
export type LessonType = (typeof LESSON_TYPES)[number];

export const COURSE_STATUSES = ['published', 'draft'] as const;

export const MAX_SECTIONS = 50;
export const MAX_LESSONS_PER_SECTION = 100;
export const MAX_QUESTIONS = 100;
export const MAX_ANSWERS = 10;

/** Skills a certification lists. */
export const MAX_SKILLS = 20;

/** A file handed in for /lms/assignment: a spreadsheet of at most 10 MB. */
export const SUBMISSION_MAX_BYTES = 10 * 1024 * 1024;
export const SUBMISSION_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;
/** An .xlsx is a zip: at most this many entries, unpacking to at most this many bytes in all. */
export const XLSX_MAX_ENTRIES = 2000;
export const XLSX_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
