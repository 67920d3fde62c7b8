import { useEffect, useMemo, useState } from 'react';
import type { useForm } from 'react-hook-form';
import type { DesignProduct } from '@meltway/shared/design/design.schema';
import { fromFormValues, saveDraft, type DesignDraft } from './design-draft';
import { useDesignMessages } from './design-message';
import type * as Engine from './evaluate-design';

/** The engine, loaded once the design has an area; `failed` when its code could not be fetched (`retry` asks again). */
function useDesignEngine(wanted: boolean) {
  const [engine, setEngine] = useState<typeof Engine | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || engine) return;
    let live = true;
    import('./evaluate-design').then(
      (loaded) => live && setEngine(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [wanted, engine, attempt]);
  const retry = () => {
    setFailed(false);
    setAttempt((n) => n + 1);
  };
  return { engine, failed, retry };
}

/** The results follow the form this long after the last change, so typing a size does not recompute on every key. */
const SETTLE_MS = 150;

/** The draft as it stands once the reader pauses; a new design is kept in storage for a return visit or a sign-in. */
export function useSettledDraft(form: ReturnType<typeof useForm<DesignDraft>>, keep: boolean) {
  const [settled, setSettled] = useState(() => fromFormValues(form.getValues()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = form.watch(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const next = fromFormValues(structuredClone(form.getValues()));
        setSettled(next);
        if (keep) saveDraft(next);
      }, SETTLE_MS);
    });
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [form, keep]);
  return settled;
}

/**
 * The settled draft judged by the engine (loaded once the form has an area): its issues by field, in the reader's
 * language, and the system designed from it. The last result stays shown, marked not `current`, while the draft has
 * an issue.
 */
export function useDesignEvaluation(draft: DesignDraft, catalogue: DesignProduct[] | undefined, hasAreas: boolean) {
  const messages = useDesignMessages();
  const { engine, failed: engineFailed, retry: retryEngine } = useDesignEngine(hasAreas);
  const evaluation = useMemo(() => (catalogue && engine ? engine.evaluateDesign(draft, catalogue) : null), [draft, catalogue, engine]);
  const [lastResult, setLastResult] = useState(evaluation?.result ?? null);
  if (evaluation?.result && evaluation.result !== lastResult) setLastResult(evaluation.result);
  const result = draft.areas.length ? lastResult : null;
  const issues = useMemo(() => {
    const byField: Record<string, string> = {};
    for (const issue of evaluation?.issues ?? []) byField[issue.field] ??= messages.message(issue.message, issue.code, issue.params);
    return byField;
  }, [evaluation, messages]);
  const problems = [...new Set(Object.values(issues))];
  return { evaluation, result, current: !!evaluation?.result, issues, problems, engineFailed, retryEngine };
}
