import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckIcon, LayoutGridIcon, LogInIcon, MapPinIcon, SaveIcon, ShoppingCartIcon } from 'lucide-react';
import type { DesignResult } from '@meltway/shared/design/design.schema';
import type { DesignProject } from '@meltway/shared/design/project.schema';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatPrice } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { DesignDraft } from './design-draft';
import { StockShortNotice } from './stock-short';
import type { DesignCartActions } from './use-design-cart';

// What the first screen (no area yet) does without: the results view. It comes when first needed, so the page is
// the browser's sooner on a phone.
const DesignResultView = lazy(() => import('./design-result-view').then((m) => ({ default: m.DesignResultView })));

/** What the results' buttons do: save the project being changed, save a new one, sign in to save. */
type ResultSaving = {
  /** The saved project being changed, when the generator was opened from one. */
  project: DesignProject | undefined;
  signedIn: boolean;
  /** Saving the changes to `project` is on its way. */
  updating: boolean;
  onSaveChanges: (projectId: string) => void;
  onSaveNew: () => void;
};

type Props = {
  problems: string[];
  result: DesignResult | null;
  /** The result is the draft's own (false: an earlier one, while the draft has an issue). */
  current: boolean;
  unit: DesignDraft['unit'];
  saving: ResultSaving;
  cart: DesignCartActions;
};

/** The system designed from the draft: its issues, its total with what can be done with it, and the full result. */
export function DesignResults({ problems, result, current, unit, saving, cart }: Props) {
  const { t } = useTranslation('design');
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {problems.length ? <DesignProblems problems={problems} /> : null}
      {result ? (
        <>
          <ResultActions result={result} current={current} saving={saving} cart={cart} />
          <div className={cn(!current && 'border-l-4 border-dashed border-destructive/40 pl-3')}>
            {!current ? <p className="mb-3 text-sm font-medium">{t('results.stale')}</p> : null}
            <Suspense fallback={<Spinner className="mx-auto size-8" label={t('results.computing')} />}>
              <DesignResultView result={result} unit={unit} />
            </Suspense>
          </div>
        </>
      ) : problems.length ? null : (
        <div className="flex justify-center py-10">
          <Spinner className="size-8" label={t('results.computing')} />
        </div>
      )}
    </div>
  );
}

function DesignProblems({ problems }: { problems: string[] }) {
  const { t } = useTranslation('design');
  return (
    <Alert variant="error" role="alert">
      <div className="grid gap-1">
        <p className="font-semibold">{t('results.issues')}</p>
        <ul className="list-disc pl-5">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      </div>
    </Alert>
  );
}

/** The total, the save and cart buttons, and what became of the last attempt to fill the cart. */
function ResultActions({ result, current, saving, cart }: { result: DesignResult; current: boolean; saving: ResultSaving; cart: DesignCartActions }) {
  const { t, i18n } = useTranslation('design');
  const { project } = saving;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <div>
        <p className="text-sm text-muted-foreground">{t('actions.total')}</p>
        <p className="text-2xl font-bold tabular-nums">{formatPrice(result.totals.priceCents, i18n.language)}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {project?.editable ? (
          <Button variant="outline" disabled={!current || saving.updating} onClick={() => saving.onSaveChanges(project.id)}>
            {saving.updating ? <Spinner /> : <SaveIcon aria-hidden />}
            {t('actions.saveChanges')}
          </Button>
        ) : null}
        {saving.signedIn ? (
          <Button variant="outline" disabled={!current} onClick={saving.onSaveNew}>
            <SaveIcon aria-hidden />
            {project?.editable ? t('actions.saveAsNew') : t('actions.save')}
          </Button>
        ) : (
          <Link to={`/login?redirect=${encodeURIComponent('/layout-generator')}`} className={buttonVariants({ variant: 'outline' })}>
            <LogInIcon aria-hidden />
            {t('actions.signInToSave')}
          </Link>
        )}
        <Button variant="ember" disabled={!current || !result.bom.length || cart.pending} onClick={() => void cart.addToCart()}>
          {cart.pending ? <Spinner /> : <ShoppingCartIcon aria-hidden />}
          {t('actions.addToCart')}
        </Button>
        {/* The design form asks no postal code: the page asks it. The design goes with a lead in a later part. */}
        <Link to="/installers" className={buttonVariants({ variant: 'outline' })}>
          <MapPinIcon aria-hidden />
          {t('actions.findInstaller')}
        </Link>
      </div>
      {cart.short ? (
        <StockShortNotice
          lines={cart.short.lines}
          bom={result.bom}
          state={cart.short.state}
          pending={cart.pending}
          onAddInStock={() => void cart.addInStock()}
          onDismiss={cart.dismissShort}
        />
      ) : null}
      {cart.added && !cart.short ? (
        <Alert variant="success" role="status" className="w-full">
          <CheckIcon aria-hidden />
          <span>
            {t('actions.inCart')}{' '}
            <Link to="/cart" className="font-semibold underline underline-offset-4">
              {t('actions.viewCart')}
            </Link>
          </span>
        </Alert>
      ) : null}
    </div>
  );
}

/** Nothing to design yet: what the generator does, and the button that adds a first driveway. */
export function DesignEmpty({ onStart }: { onStart: () => void }) {
  const { t } = useTranslation('design');
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-ember-soft text-ember">
        <LayoutGridIcon className="size-7" aria-hidden />
      </span>
      <p className="mt-4 text-lg font-semibold">{t('results.emptyTitle')}</p>
      <p className="mt-1 max-w-md text-muted-foreground">{t('results.emptyBody')}</p>
      <Button variant="ember" size="lg" className="mt-6" onClick={onStart}>
        <LayoutGridIcon aria-hidden />
        {t('results.start')}
      </Button>
    </div>
  );
}

/** The catalogue the engine reads is on its way. */
export function DesignCatalogueLoading() {
  const { t } = useTranslation('design');
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center" aria-busy="true">
      <Spinner className="size-8" />
      <p role="status" className="text-muted-foreground">
        {t('results.loading')}
      </p>
    </div>
  );
}

/** Something the results need could not be loaded: why, and a way to ask again. */
export function DesignLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('design');
  return (
    <Alert variant="error" role="alert">
      <span>
        {message}{' '}
        <Button variant="link" size="inline" onClick={onRetry}>
          {t('results.retry')}
        </Button>
      </span>
    </Alert>
  );
}
