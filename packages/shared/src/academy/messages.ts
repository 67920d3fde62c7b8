/**
 * Every academy message a user can read, in English, word for word where SPEC.md gives one.
 * The web app translates them by key (locales/fr), the API returns the English text.
 */
export const academyMessages = {
  // Authors
  authorNameRequired: 'Author name is required',
  authorNotFound: 'Author not found',
  authorRequired: 'Please select an author',
  authorMissing: 'The selected author no longer exists',
  authorDeleted: 'Author deleted',
  // Documents
  docNameRequired: 'Document name is required',
  docFileRequired: 'Please choose a PDF file',
  docType: 'Only PDF files are allowed',
  docTooLarge: 'The PDF must be 20 MB or smaller',
  docNotFound: 'Document not found',
  docDeleted: 'Document deleted',
  documentRequired: 'Please select a document',
  documentMissing: 'The selected document no longer exists',
  // Assignments
  assignmentTitleRequired: 'Assignment title is required',
  questionsRequired: 'Add at least one question',
  questionTextRequired: 'Question text is required',
  answersMin: 'Give at least two answers',
  correctAnswerRequired: 'Choose the correct answer',
  assignmentCreateFailed: 'Error creating assignment',
  assignmentSaveFailed: 'Error saving assignment',
  assignmentNotFound: 'Assignment not found',
  assignmentDeleted: 'Assignment deleted',
  assignmentRequired: 'Please select an assignment',
  assignmentMissing: 'The selected assignment no longer exists',
  // Certifications
  certificationNameRequired: 'Certification name is required',
  courseRequired: 'Please select a course',
  courseMissing: 'The selected course no longer exists',
  passingScoreInvalid: 'Passing score must be a whole number from 0 to 100',
  certificationNotFound: 'Certification not found',
  certificationTaken: 'This course already awards a certification',
  certificationDeleted: 'Certification deleted',
  // Courses
  courseTitleRequired: 'Course title is required',
  imageOnly: 'Only image files are allowed',
  imageTooLarge: 'File size must be less than 2MB',
  statusInvalid: 'Status must be Published or Draft',
  sectionTitleRequired: 'Section title is required',
  lessonsRequired: 'A section needs at least one lesson',
  lessonTitleRequired: 'Lesson title is required',
  lessonTypeInvalid: 'Lesson type must be video, assignment or pdf',
  durationRequired: 'Duration is required, for example 5:20',
  durationInvalid: 'Duration must be minutes and seconds, for example 5:20',
  videoIdRequired: 'Video ID is required',
  videoIdInvalid: 'Video ID may contain only letters, digits, - and _',
  tooManySections: 'A course can have at most 50 sections',
  tooManyLessons: 'A section can have at most 100 lessons',
  courseCreateFailed: 'Failed to create course. Please try again.',
  courseSaveFailed: 'Failed to save course. Please try again.',
  courseCreated: 'Course created successfully!',
  courseSaved: 'Course saved successfully!',
  courseNotFound: 'Course not found',
  courseDeleted: 'Course deleted',
  courseHasLearners: 'Learners are enrolled in this course, so it cannot be deleted. Set it to Draft to unpublish it instead.',
  /** SPEC.md: deleting an author, document or assignment that a course uses. */
  alreadyLinked: 'already linked to course',
  // Comments
  replyRequired: 'Reply cannot be empty',
  commentNotFound: 'Comment not found',
  replySaved: 'Reply saved',
  commentDeleted: 'Comment deleted',
} as const;

export type AcademyMessageKey = keyof typeof academyMessages;
