import { useTranslation } from 'react-i18next';
import { CircleCheckIcon, CircleXIcon, LightbulbIcon, TriangleAlertIcon } from 'lucide-react';
import type { Check, Explained, Recommendation } from '@meltway/shared/design/design.schema';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { useEngineText } from './engine-text';
import { ResultSection } from './result-section';

/** The checks of one rule, in the order the engine gives them. */
function byRule(checks: Check[]) {
  const groups = new Map<string, Check[]>();
  for (const check of checks) {
    const key = check.ruleCode ?? check.rule;
    groups.set(key, [...(groups.get(key) ?? []), check]);
  }
  return [...groups.values()];
}

type Outcome = 'passed' | 'failed' | 'warning';
const outcomeOf = (check: Check): Outcome => (check.warning ? 'warning' : check.passed ? 'passed' : 'failed');

function Verdict({ outcome, className }: { outcome: Outcome; className?: string }) {
  const Icon = outcome === 'passed' ? CircleCheckIcon : outcome === 'failed' ? CircleXIcon : TriangleAlertIcon;
  const tone = outcome === 'passed' ? 'text-success' : outcome === 'failed' ? 'text-destructive' : 'text-ember';
  return <Icon className={cn('shrink-0', tone, className)} aria-hidden />;
}

/**
 * The code checks, one rule at a time with its reference, each case passed or failed; a warning (the
 * electrical service to be assessed) is no failed rule and shows as a warning.
 */
export function ChecksSection({ checks }: { checks: Check[] }) {
  const { t } = useTranslation('design');
  const sentence = useEngineText();
  const failed = checks.filter((check) => !check.passed).length;
  const warnings = checks.filter((check) => check.warning).length;
  const label = (outcome: Outcome) => t(`result.checks.${outcome}Label`);
  return (
    <ResultSection
      title={t('result.checks.title')}
      description={
        <>
          {failed ? t('result.checks.failed', { count: failed }) : t('result.checks.allPassed')}
          {warnings ? ` ${t('result.checks.warnings', { count: warnings })}` : null}
        </>
      }
    >
      <ul className="grid gap-4">
        {byRule(checks).map((group) => {
          const first = group[0]!;
          const outcome: Outcome = group.some((check) => !check.passed) ? 'failed' : group.some((check) => check.warning) ? 'warning' : 'passed';
          return (
            <li key={first.ruleCode ?? first.rule} className="flex gap-3 text-sm">
              <Verdict outcome={outcome} className="mt-0.5 size-5" />
              <div className="grid gap-1">
                <p className="font-medium">
                  <span className="sr-only">{label(outcome)} </span>
                  {first.ruleCode ? sentence({ code: first.ruleCode, params: {}, text: first.rule }) : first.rule}
                </p>
                <ul className="grid gap-0.5">
                  {group.map((check, i) => (
                    <li key={i} className="flex gap-1.5">
                      {group.length > 1 || outcomeOf(check) !== 'passed' ? <Verdict outcome={outcomeOf(check)} className="mt-0.5 size-3.5" /> : null}
                      <span>
                        {group.length > 1 ? <span className="sr-only">{label(outcomeOf(check))} </span> : null}
                        {sentence({ code: check.code, params: check.params, text: check.detail })}
                      </span>
                    </li>
                  ))}
                </ul>
                <p className="text-xs text-muted-foreground">
                  {first.ruleCode ? t(`references.${first.ruleCode}`, { defaultValue: first.reference }) : first.reference}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </ResultSection>
  );
}

/** The recommendations, each with its reason and numbers. */
export function RecommendationsSection({ recommendations }: { recommendations: Recommendation[] }) {
  const { t } = useTranslation('design');
  const sentence = useEngineText();
  return (
    <ResultSection title={t('result.recommendations.title')}>
      {recommendations.length ? (
        <ul className="grid gap-3">
          {recommendations.map((item, i) => (
            <li key={i} className="flex gap-3 text-sm">
              <LightbulbIcon className="mt-0.5 size-5 shrink-0 text-ember" aria-hidden />
              <div className="grid gap-1">
                <Badge variant="muted">{t(`result.recommendations.topics.${item.topic}`)}</Badge>
                <p>{sentence(item)}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t('result.recommendations.none')}</p>
      )}
    </ResultSection>
  );
}

/** The steps of the calculation in order, for whoever checks the numbers. */
export function ExplanationSection({ steps }: { steps: Explained[] }) {
  const { t } = useTranslation('design');
  const sentence = useEngineText();
  return (
    <ResultSection title={t('result.explanation.title')}>
      <ol className="grid list-decimal gap-1.5 pl-5 text-sm">
        {steps.map((step, i) => (
          <li key={i}>{sentence(step)}</li>
        ))}
      </ol>
    </ResultSection>
  );
}
