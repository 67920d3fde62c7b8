import { calculateDesign, DesignInputError } from '@meltway/shared/design/calculate';
import { DesignInput, type DesignProduct, type DesignResult } from '@meltway/shared/design/design.schema';
import { fieldOf, toDesignInput, type DesignDraft } from './design-draft';

/** A problem of the input, at the form field it names, in English with its code and values for translation. */
export type DesignIssue = { field: string; message: string; code?: string; params?: Record<string, string | number> };

export type Evaluation = { result: DesignResult | null; issues: DesignIssue[] };

type Issue = { path: PropertyKey[]; message: string; code?: string; errors?: Issue[][] };

const valueAt = (value: unknown, path: PropertyKey[]) =>
  path.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined), value);

/**
 * The schema's issues, each at its own field: an area that matches neither a rectangle nor a drawn outline
 * is judged as the one whose fields it has (a rectangle with an empty width is told about its width).
 */
function fieldIssues(issues: readonly Issue[], input: unknown): DesignIssue[] {
  return issues.flatMap((issue) => {
    const value = valueAt(input, issue.path);
    const branch =
      issue.code === 'invalid_union' && value && typeof value === 'object'
        ? issue.errors?.find((branchIssues) => branchIssues.every((inner) => inner.path.length > 0 && inner.path[0]! in value))
        : undefined;
    if (branch) return fieldIssues(branch.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })), input);
    return [{ field: fieldOf(issue.path), message: issue.message }];
  });
}

/**
 * Runs the engine on the draft in the browser, as the API would: the shared schema first (each issue at its
 * field), then the engine, whose refusals (`DesignInputError`) name their field too. No area, no result.
 */
export function evaluateDesign(draft: DesignDraft, catalogue: DesignProduct[]): Evaluation {
  if (!draft.areas.length) return { result: null, issues: [] };
  const input = toDesignInput(draft);
  const parsed = DesignInput.safeParse(input);
  if (!parsed.success) return { result: null, issues: fieldIssues(parsed.error.issues as Issue[], input) };
  try {
    return { result: calculateDesign(parsed.data, catalogue), issues: [] };
  } catch (error) {
    if (!(error instanceof DesignInputError)) throw error;
    return { result: null, issues: [{ field: fieldOf(error.path), message: error.message, code: `design.${error.messageKey}`, params: error.params }] };
  }
}
