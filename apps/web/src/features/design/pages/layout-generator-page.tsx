import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ArrowDownIcon } from 'lucide-react';
import { findCity } from '@meltway/shared/design/cities';
import type { DesignResult } from '@meltway/shared/design/design.schema';
import type { DesignProject } from '@meltway/shared/design/project.schema';
import { Alert } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatPrice } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session';
import { usePageMeta } from '@/lib/use-page-meta';
import { useDesignProducts } from '../api/design-products';
import { useProjectToEdit } from '../api/project-to-edit';
import { useUpdateProject } from '../api/projects';
import { DesignAreasSection } from '../components/design-areas-section';
import { EMPTY_DRAFT, fromDesignInput, newArea, storedDraftText, toDesignInput, toFormValues, type AreaPreset, type DesignDraft } from '../components/design-draft';
import { useDesignMessages } from '../components/design-message';
import { DesignCatalogueLoading, DesignEmpty, DesignLoadFailed, DesignResults } from '../components/design-results';
import { formatNumber } from '@/lib/format-number';
import { SiteFields } from '../components/site-fields';
import { useDesignCart, type DesignCart } from '../components/use-design-cart';
import { useDesignEvaluation, useSettledDraft } from '../components/use-design-evaluation';

export type { DesignCart } from '../components/use-design-cart';

// The save dialog comes when first needed, so the page is the browser's sooner on a phone.
const SaveDesignDialog = lazy(() => import('../components/save-design-dialog').then((m) => ({ default: m.SaveDesignDialog })));

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
  const { t } = useTranslation('design');
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
  const hasAreas = areas.fields.length > 0;
  const { evaluation, result, current, issues, problems, engineFailed, retryEngine } = useDesignEvaluation(draft, products.data, hasAreas);
  const cartActions = useDesignCart(cart, evaluation?.result ?? null);

  const addArea = (preset: AreaPreset) => {
    const base = t(`areas.presets.${preset}`);
    const taken = new Set(form.getValues('areas').map((a) => a.name));
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base} ${n}`;
    areas.append(newArea(name, preset));
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

  const before = products.isPending ? (
    <DesignCatalogueLoading />
  ) : products.isError ? (
    <DesignLoadFailed message={messages.error(products.error, t('results.loadFailed'))} onRetry={() => void products.refetch()} />
  ) : engineFailed && hasAreas ? (
    <DesignLoadFailed message={t('results.engineFailed')} onRetry={retryEngine} />
  ) : !hasAreas ? (
    <DesignEmpty onStart={() => addArea('driveway')} />
  ) : null;

  return (
    <>
      <WorkspaceNotices project={project} notice={notice} />
      <FormProvider {...form}>
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] lg:items-start">
          <form className="grid gap-6" noValidate onSubmit={(event) => event.preventDefault()} aria-label={t('page.formLabel')}>
            <section aria-labelledby={`${uid}-site`} className="rounded-xl border bg-card p-4 shadow-sm sm:p-5">
              <h2 id={`${uid}-site`} className="mb-4 text-lg font-semibold">
                {t('site.title')}
              </h2>
              <SiteFields issues={issues} products={products.data} />
            </section>
            <DesignAreasSection
              headingId={`${uid}-areas`}
              unit={unit}
              onUnitChange={(unit) => form.setValue('unit', unit, { shouldDirty: true })}
              areaIds={areas.fields.map((field) => field.id)}
              issues={issues}
              onRemove={(index) => areas.remove(index)}
              onAdd={addArea}
            />
            {result && current ? <ResultsShortcut result={result} resultsId={`${uid}-results`} /> : null}
          </form>
          <section aria-labelledby={`${uid}-results`} className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
            <h2 id={`${uid}-results`} className="scroll-mt-20 text-lg font-semibold">
              {t('results.title')}
            </h2>
            {before ?? (
              <DesignResults
                problems={problems}
                result={result}
                current={current}
                unit={draft.unit}
                saving={{ project, signedIn: !!user, updating: update.isPending, onSaveChanges: saveChanges, onSaveNew: () => setSaving(true) }}
                cart={cartActions}
              />
            )}
          </section>
        </div>
      </FormProvider>
      {user && result && saving ? (
        <Suspense fallback={null}>
          <SaveDesignDialog open={saving} onOpenChange={setSaving} input={toDesignInput(draft)} defaultName={project ? t('save.copyOf', { name: project.name }) : defaultName(t, draft)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The name a new project is offered: its first areas and its city ("Driveway, Walkway · Montréal"). */
function defaultName(t: TFunction<'design'>, draft: DesignDraft) {
  const city = findCity(draft.city);
  return t('save.defaultName', {
    areas: draft.areas.map((a) => a.name).filter(Boolean).slice(0, 3).join(', ') || t('areas.presets.driveway'),
    city: city?.name ?? '',
    context: city ? 'city' : undefined,
  });
}

/** Above the form: the saved project being changed, with the way back to it, and why one asked for could not be opened. */
function WorkspaceNotices({ project, notice }: { project: DesignProject | undefined; notice: string | undefined }) {
  const { t } = useTranslation('design');
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
    </>
  );
}

/** On a phone, under the form: the total and the power, with a link down to the results. */
function ResultsShortcut({ result, resultsId }: { result: DesignResult; resultsId: string }) {
  const { t, i18n } = useTranslation('design');
  return (
    <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-between gap-3 border-t bg-background/95 px-4 py-3 sm:-mx-6 sm:px-6 backdrop-blur lg:hidden">
      <p className="text-sm">
        <span className="block text-muted-foreground">{t('results.title')}</span>
        <span className="font-semibold tabular-nums">
          {formatPrice(result.totals.priceCents, i18n.language)} · {formatNumber(result.totals.watts / 1000, i18n.language, 1)} kW
        </span>
      </p>
      <a href={`#${resultsId}`} className={buttonVariants({ variant: 'ember', size: 'sm' })}>
        {t('results.see')}
        <ArrowDownIcon aria-hidden />
      </a>
    </div>
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
