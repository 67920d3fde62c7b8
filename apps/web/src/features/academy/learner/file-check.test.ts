import { describe, expect, it } from 'vitest';
import { spreadsheetProblem } from './file-check';

describe('a file chosen for the assignment', () => {
  it('must be named .xlsx, .xls or .csv, in any case', () => {
    expect(spreadsheetProblem({ name: 'loads.csv', size: 10 })).toBeUndefined();
    expect(spreadsheetProblem({ name: 'LOADS.XLSX', size: 10 })).toBeUndefined();
    expect(spreadsheetProblem({ name: 'old.xls', size: 10 })).toBeUndefined();
    expect(spreadsheetProblem({ name: 'photo.png', size: 10 })).toBe('submissionType');
    expect(spreadsheetProblem({ name: 'csv', size: 10 })).toBe('submissionType');
  });

  it('must be 10 MB at most', () => {
    expect(spreadsheetProblem({ name: 'big.csv', size: 10 * 1024 * 1024 })).toBeUndefined();
    expect(spreadsheetProblem({ name: 'big.csv', size: 10 * 1024 * 1024 + 1 })).toBe('submissionTooLarge');
  });
});
