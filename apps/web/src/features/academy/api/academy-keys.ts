/** Query keys of the academy's authoring side; invalidate through these only. */
export const academyKeys = {
  all: ['academy'] as const,
  authors: () => [...academyKeys.all, 'authors'] as const,
  docs: () => [...academyKeys.all, 'docs'] as const,
  assignments: () => [...academyKeys.all, 'assignments'] as const,
  assignment: (id: string) => [...academyKeys.assignments(), 'detail', id] as const,
  certifications: () => [...academyKeys.all, 'certifications'] as const,
  courses: () => [...academyKeys.all, 'courses'] as const,
  course: (id: string) => [...academyKeys.courses(), 'detail', id] as const,
  comments: () => [...academyKeys.all, 'comments'] as const,
  students: () => [...academyKeys.all, 'students'] as const,
  studentList: (filters: { courseId?: string }) => [...academyKeys.students(), 'list', filters] as const,
  studentAttempts: (enrolmentId: string) => [...academyKeys.students(), 'attempts', enrolmentId] as const,
};
