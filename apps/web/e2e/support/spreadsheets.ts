/** Spreadsheets a learner hands in at /lms/assignment: the same bytes the API's tests send. */
export { CSV, XLSX } from '../../../api/src/test/spreadsheets';
