import { SUBMISSION_EXTENSIONS, SUBMISSION_MAX_BYTES } from '@meltway/shared/academy/limits';

/** The message key (academy:messages.*) of what is wrong with a chosen file before it is sent; the server still reads its bytes. */
export function spreadsheetProblem(file: Pick<File, 'name' | 'size'>): 'submissionType' | 'submissionTooLarge' | undefined {
  const name = file.name.toLowerCase();
  if (!SUBMISSION_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'submissionType';
  if (file.size > SUBMISSION_MAX_BYTES) return 'submissionTooLarge';
  return undefined;
}
