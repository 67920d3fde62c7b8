import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowDownIcon, CheckIcon, LayoutGridIcon, LogInIcon, SaveIcon, ShoppingCartIcon } from 'lucide-react';
import { findCity } from '@meltway/shared/design/cities';
import { shortfall, shortLines } from '@meltway/shared/design/stock-short';
import type { DesignProject, StockShortLine } from '@meltway/shared/design/project.schema';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatPrice } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session';
import { usePageMeta } from '@/lib/use-page-meta';
import { cn } from '@/lib/utils';
import { useDesignProducts } from '../api/design-products';
import { useProjectToEdit } from '../api/project-to-edit';
import { useUpdateProject } from '../api/projects';
import { AddArea } from '../components/add-area';
import { AreaCard } from '../components/area-card';
import {
  EMPTY_DRAFT,
  fromDesignInput,
  fromFormValues,
  newArea,
  saveDraft,
  storedDraftText,
  toDesignInput,
  toFormValues,
  type AreaPreset,
  type DesignDraft,
} from '../components/design-draft';
import { useDesignMessages } from '../components/design-message';
import type * as Engine from '../components/evaluate-design';
import { formatNumber } from '../components/format-number';
import { SiteFields } from '../components/site-fields';
import { StockShortNotice } from '../components/stock-short';

/** How the page puts the bill of materials in the cart; the storefront route supplies it from the cart feature. */
export type DesignCart = {
  pending: boolean;
  /** Adds each line to the cart as the product page does; resolves with the lines that could not be added. */
  addLines: (lines: { productId: string; quantity: number }[]) => Promise<{ failed: { productId: string; error: unknown }[] }>;
  /** How many of each product the cart holds now, by product id: a line is short when these and the design pass the stock. */
  inCart: () => Promise<Record<string, number>>;
  errorMessage: (error: unknown, fallback: string) => string;
};

// What the first screen (no area yet) does without: the sizing engine with the schema it checks a draft with, the
// results, the save dialog. Each comes when first needed, so the page is the browser's sooner on a phone.
const DesignResultView = lazy(() => import('../components/design-result-view').then((m) => ({ default: m.DesignResultView })));
const SaveDesignDialog = lazy(() => import('../components/save-design-dialog').then((m) => ({ default: m.SaveDesignDialog })));

/** The engine, loaded once the design has an area; `failed` when its code could not be fetched (`retry` asks again). */
function useDesignEngine(wanted: boolean) {
  const [engine, setEngine] = useState<typeof Engine | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || engine) return;
    let live = true;
    import('../components/evaluate-design').then(
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

/**
 * The draft kept from an earlier visit, read once the page is the browser's: the server renders the empty draft,
 * and the browser's first render must match it. Reading it back checks it field by field (`stored-draft.ts`).
 */
function useStoredDraft() {
  const [stored, setStored] = useState<DesignDraft | null>(null);
  useEffect(() => {
    if (!storedDraftText()) return;
    let live = true;
    import('../components/stored-draft').then(
      ({ loadDraft }) => live && setStored(loadDraft()),
      () => undefined, // Its code could not be fetched: the page starts from the empty draft.
    );
    return () => {
      live = false;
    };
  }, []);
  return stored;
}

/** The results follow the form this long after the last change, so typing a size does not recompute on every key. */
const SETTLE_MS = 150;

/** The draft as it stands once the reader pauses; a new design is kept in storage for a return visit or a sign-in. */
function useSettledDraft(form: ReturnType<typeof useForm<DesignDraft>>, keep: boolean) {
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

function UnitChoice({ value, onChange }: { value: DesignDraft['unit']; onChange: (unit: DesignDraft['unit']) => void }) {
  const { t } = useTranslation('design');
  const uid = useId();
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">{t('areas.units')}</legend>
      <div className="inline-flex rounded-md border p-0.5">
        {(['m', 'ft'] as const).map((unit) => (
          <label
            key={unit}
            className={cn(
              'cursor-pointer rounded px-3 py-1 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              value === unit ? 'bg-primary text-primary-foreground' : 'hover:bg-accent',
            )}
          >
            <input type="radio" className="sr-only" name={`${uid}-unit`} value={unit} checked={value === unit} onChange={() => onChange(unit)} />
            {t(`areas.unitNames.${unit}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

type WorkspaceProps = {
  cart: DesignCart;
  initial: DesignDraft;
  /** The saved project being changed, when the generator was opened from one. */
  project?: DesignProject;
  /** Shown above the form: why the project asked for could not be opened. */
  notice?: string;
};

/** The site and the areas on one side, the system designed from them, live, on the other. */
function DesignWorkspace({ cart, initial, project, notice }: WorkspaceProps) {
  const { t, i18n } = useTranslation('design');
  const uid = useId();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const messages = useDesignMessages();
  const products = useDesignProducts();
  const update = useUpdateProject();
  const form = useForm<DesignDraft>({ defaultValues: toFormValues(initial) });
  const areas = useFieldArray({ control: form.control, name: 'areas' });
  const draft = useSettledDraft(form, !project);
  // The unit switch shows at once; the results follow with the rest of the draft.
  const unit = useWatch({ control: form.control, name: 'unit' });
  const [saving, setSaving] = useState(false);
  const [added, setAdded] = useState(false);
  // The lines the stock cannot supply beside the cart: offered to add what is in stock, or left short after it was.
  const [short, setShort] = useState<{ lines: StockShortLine[]; state: 'offer' | 'added' } | null>(null);

  const { engine, failed: engineFailed, retry: retryEngine } = useDesignEngine(areas.fields.length > 0);
  const evaluation = useMemo(
    () => (products.data && engine ? engine.evaluateDesign(draft, products.data) : null),
    [draft, products.data, engine],
  );
  const [lastResult, setLastResult] = useState(evaluation?.result ?? null);
  if (evaluation?.result && evaluation.result !== lastResult) setLastResult(evaluation.result);
  const result = draft.areas.length ? lastResult : null;
  const issues = useMemo(() => {
    const byField: Record<string, string> = {};
    for (const issue of evaluation?.issues ?? []) byField[issue.field] ??= messages.message(issue.message, issue.code, issue.params);
    return byField;
  }, [evaluation, messages]);
  const problems = [...new Set(Object.values(issues))];
  const current = !!evaluation?.result;

  const addArea = (preset: AreaPreset) => {
    const base = t(`areas.presets.${preset}`);
    const taken = new Set(form.getValues('areas').map((a) => a.name));
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base} ${n}`;
    areas.append(newArea(name, preset));
  };

  /** Adds `lines` one after the other; says how many went in and why any did not. */
  const addLines = async (lines: { productId: string; quantity: number }[]) => {
    const { failed } = await cart.addLines(lines);
    if (failed.length < lines.length) {
      setAdded(true);
      notify.success(t('actions.added', { count: lines.length - failed.length }));
    }
    if (failed[0]) notify.error(t('actions.partlyAdded', { count: failed.length, reason: cart.errorMessage(failed[0].error, t('actions.addFailed')) }));
  };

  // The whole bill of materials or nothing: a line the stock cannot take beside what the cart holds is named first.
  const addToCart = async () => {
    if (!evaluation?.result) return;
    const bom = evaluation.result.bom;
    try {
      const lines = shortLines(bom, await cart.inCart());
      setShort(lines.length ? { lines, state: 'offer' } : null);
      if (lines.length) return;
      setAdded(false);
      await addLines(bom.map(({ productId, quantity }) => ({ productId, quantity })));
    } catch (error) {
      notify.error(cart.errorMessage(error, t('actions.addFailed')));
    }
  };

  const addInStock = async () => {
    if (!evaluation?.result || !short) return;
    const byProduct = new Map(short.lines.map((l) => [l.productId, l]));
    const lines = evaluation.result.bom
      .map(({ productId, quantity }) => {
        const line = byProduct.get(productId);
        return { productId, quantity: line ? shortfall(line).canAdd : quantity };
      })
      .filter((l) => l.quantity > 0);
    try {
      await addLines(lines);
      setShort({ lines: short.lines, state: 'added' });
    } catch (error) {
      notify.error(cart.errorMessage(error, t('actions.addFailed')));
    }
  };

  const saveChanges = (id: string) =>
    update.mutate(
      { id, input: { input: toDesignInput(draft) } },
      {
        onSuccess: (saved) => {
          notify.success(t('save.updated', { name: saved.name }));
          void navigate(`/layout-generator/projects/${saved.id}`);
        },
        onError: (error) => notify.error(messages.error(error, t('save.failed'))),
      },
    );

  const city = findCity(draft.city);
  const defaultName = t('save.defaultName', {
    areas: draft.areas.map((a) => a.name).filter(Boolean).slice(0, 3).join(', ') || t('areas.presets.driveway'),
    city: city?.name ?? '',
    context: city ? 'city' : undefined,
  });

  let body: React.ReactNode;
  if (products.isPending) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center" aria-busy="true">
        <Spinner className="size-8" />
        <p role="status" className="text-muted-foreground">
          {t('results.loading')}
        </p>
      </div>
    );
  } else if (products.isError) {
    body = (
      <Alert variant="error" role="alert">
        <span>
          {messages.error(products.error, t('results.loadFailed'))}{' '}
          <Button variant="link" size="inline" onClick={() => void products.refetch()}>
            {t('results.retry')}
          </Button>
        </span>
      </Alert>
    );
  } else if (engineFailed && areas.fields.length) {
    body = (
      <Alert variant="error" role="alert">
        <span>
          {t('results.engineFailed')}{' '}
          <Button variant="link" size="inline" onClick={retryEngine}>
            {t('results.retry')}
          </Button>
        </span>
      </Alert>
    );
  } else if (!areas.fields.length) {
    body = (
      <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-14 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-ember-soft text-ember">
          <LayoutGridIcon className="size-7" aria-hidden />
        </span>
        <p className="mt-4 text-lg font-semibold">{t('results.emptyTitle')}</p>
        <p className="mt-1 max-w-md text-muted-foreground">{t('results.emptyBody')}</p>
        <Button variant="ember" size="lg" className="mt-6" onClick={() => addArea('driveway')}>
          <LayoutGridIcon aria-hidden />
          {t('results.start')}
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        {problems.length ? (
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
        ) : null}
        {result ? (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4 shadow-sm">
              <div>
                <p className="text-sm text-muted-foreground">{t('actions.total')}</p>
                <p className="text-2xl font-bold tabular-nums">{formatPrice(result.totals.priceCents, i18n.language)}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                {project?.editable ? (
                  <Button variant="outline" disabled={!current || update.isPending} onClick={() => saveChanges(project.id)}>
                    {update.isPending ? <Spinner /> : <SaveIcon aria-hidden />}
                    {t('actions.saveChanges')}
                  </Button>
                ) : null}
                {user ? (
                  <Button variant="outline" disabled={!current} onClick={() => setSaving(true)}>
                    <SaveIcon aria-hidden />
                    {project?.editable ? t('actions.saveAsNew') : t('actions.save')}
                  </Button>
                ) : (
                  <Link to={`/login?redirect=${encodeURIComponent('/layout-generator')}`} className={buttonVariants({ variant: 'outline' })}>
                    <LogInIcon aria-hidden />
                    {t('actions.signInToSave')}
                  </Link>
                )}
                <Button variant="ember" disabled={!current || !result.bom.length || cart.pending} onClick={() => void addToCart()}>
                  {cart.pending ? <Spinner /> : <ShoppingCartIcon aria-hidden />}
                  {t('actions.addToCart')}
                </Button>
              </div>
              {short ? (
                <StockShortNotice
                  lines={short.lines}
                  bom={result.bom}
                  state={short.state}
                  pending={cart.pending}
                  onAddInStock={() => void addInStock()}
                  onDismiss={() => setShort(null)}
                />
              ) : null}
              {added && !short ? (
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
            <div className={cn(!current && 'border-l-4 border-dashed border-destructive/40 pl-3')}>
              {!current ? <p className="mb-3 text-sm font-medium">{t('results.stale')}</p> : null}
              <Suspense fallback={<Spinner className="mx-auto size-8" label={t('results.computing')} />}>
                <DesignResultView result={result} unit={draft.unit} />
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

  return (
    <>
      {project ? (
        <Alert variant="info" className="mt-6">
          <span>
            {t('edit.editing', { name: project.name })}{' '}
            <Link to={`/layout-generator/projects/${project.id}`} className="font-semibold underline underline-offset-4">
              {t('edit.back')}
            </Link>
          </span>
        </Alert>
      ) : null}
      {notice ? (
        <Alert variant="error" role="alert" className="mt-6">
          {notice}
        </Alert>
      ) : null}
      <FormProvider {...form}>
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] lg:items-start">
          <form className="grid gap-6" noValidate onSubmit={(event) => event.preventDefault()} aria-label={t('page.formLabel')}>
            <section aria-labelledby={`${uid}-site`} className="rounded-xl border bg-card p-4 shadow-sm sm:p-5">
              <h2 id={`${uid}-site`} className="mb-4 text-lg font-semibold">
                {t('site.title')}
              </h2>
              <SiteFields issues={issues} products={products.data} />
            </section>
            <section aria-labelledby={`${uid}-areas`} className="grid gap-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id={`${uid}-areas`} className="text-lg font-semibold">
                  {t('areas.title')}
                </h2>
                <UnitChoice value={unit} onChange={(unit) => form.setValue('unit', unit, { shouldDirty: true })} />
              </div>
              {areas.fields.length ? (
                <ul className="grid gap-4">
                  {areas.fields.map((field, index) => (
                    <AreaCard key={field.id} index={index} unit={unit} issues={issues} onRemove={() => areas.remove(index)} />
                  ))}
                </ul>
              ) : (
                <p className="rounded-xl border border-dashed p-4 text-sm text-muted-foreground">{t('areas.empty')}</p>
              )}
              <AddArea onAdd={addArea} disabled={areas.fields.length >= 20} />
            </section>
            {result && current ? (
              <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-between gap-3 border-t bg-background/95 px-4 py-3 sm:-mx-6 sm:px-6 backdrop-blur lg:hidden">
                <p className="text-sm">
                  <span className="block text-muted-foreground">{t('results.title')}</span>
                  <span className="font-semibold tabular-nums">
                    {formatPrice(result.totals.priceCents, i18n.language)} · {formatNumber(result.totals.watts / 1000, i18n.language, 1)} kW
                  </span>
                </p>
                <a href={`#${uid}-results`} className={buttonVariants({ variant: 'ember', size: 'sm' })}>
                  {t('results.see')}
                  <ArrowDownIcon aria-hidden />
                </a>
              </div>
            ) : null}
          </form>
          <section aria-labelledby={`${uid}-results`} className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
            <h2 id={`${uid}-results`} className="scroll-mt-20 text-lg font-semibold">
              {t('results.title')}
            </h2>
            {body}
          </section>
        </div>
      </FormProvider>
      {user && result && saving ? (
        <Suspense fallback={null}>
          <SaveDesignDialog open={saving} onOpenChange={setSaving} input={toDesignInput(draft)} defaultName={project ? t('save.copyOf', { name: project.name }) : defaultName} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The layout generator. A new design starts from the one left in storage; `?project=<id>` opens a saved
 * project's design to change it and save it back.
 */
export default function LayoutGeneratorPage({ cart }: { cart: DesignCart }) {
  const { t } = useTranslation('design');
  usePageMeta(t('page.title'), t('page.description'));
  const messages = useDesignMessages();
  const editing = useProjectToEdit();
  const stored = useStoredDraft();
  const project = editing.project;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('page.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('page.lead')}</p>
      </div>
      {editing.isLoading ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8" label={t('edit.loading')} />
        </div>
      ) : (
        <DesignWorkspace
          key={project?.id ?? (stored ? 'stored' : 'draft')}
          cart={cart}
          project={project}
          initial={project ? fromDesignInput(project.input) : (stored ?? EMPTY_DRAFT)}
          notice={editing.error ? messages.error(editing.error, t('edit.loadFailed')) : undefined}
        />
      )}
    </div>
  );
}
