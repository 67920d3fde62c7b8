import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_KINDS } from '@meltway/shared/catalogue/limits';
import type { ProductImageOut, ProductOut } from '@meltway/shared/catalogue/product.schema';
import { SubmitButton } from '@/components/admin/form-actions';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, fieldAria } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { BilingualFields } from '@/components/form/bilingual-fields';
import { FormSection } from '@/components/form/form-section';
import { TextField } from '@/components/form/text-field';
import { UploadProgress } from '@/components/form/upload-progress';
import { PageError } from '@/components/dashboard/page-shell';
import { notify } from '@/lib/notify';
import { useSchemaForm } from '@/lib/use-schema-form';
import {
  uploadProductImages,
  useAdminProduct,
  useBrandOptions,
  useCreateProduct,
  useRemoveProductImage,
  useReorderProductImages,
  useSupplierOptions,
  useUpdateProduct,
} from '../api/catalogue-admin';
import { useCategories } from '../api/categories';
import { ProductForm, productFormValues, TECH_FIELDS } from './product-form-schema';
import { ProductImagesField, type PendingImage } from './product-images-field';
import { useErrorText, useServerIssues } from '@/lib/error-text';
import { useFieldText } from '@/lib/field-text';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The product to edit; undefined creates one. */
  productId: string | undefined;
};

const FIELDS = [
  'name',
  'nameFr',
  'sku',
  'slug',
  'description',
  'descriptionFr',
  'price',
  'stock',
  'categoryId',
  'brandId',
  'supplierId',
  'active',
  'kind',
  ...TECH_FIELDS,
  'voltages',
  'minInsulationMOhm',
] as const;

const UNITS: Record<(typeof TECH_FIELDS)[number], string> = {
  voltage: 'V',
  watts: 'W',
  wattDensity: 'W/m²',
  lengthM: 'm',
  widthM: 'm',
  heatedAreaM2: 'm²',
  currentA: 'A',
};
const TECH_LABEL: Record<(typeof TECH_FIELDS)[number], string> = {
  voltage: 'voltage',
  watts: 'watts',
  wattDensity: 'wattDensity',
  lengthM: 'length',
  widthM: 'width',
  heatedAreaM2: 'heatedArea',
  currentA: 'current',
};

/**
 * Creates or edits a product with every field, then sends the chosen images with a progress bar.
 * Stored images are reordered and removed at once, on the server.
 */
export function ProductFormDialog({ open, onOpenChange, productId }: Props) {
  const { t } = useTranslation(['catalogue', 'dashboard']);
  const errorText = useErrorText();
  const product = useAdminProduct(open ? productId : undefined);
  const done = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="xl">
        <DialogHeader>
          <DialogTitle>{productId ? t('admin.products.editTitle', { name: product.data?.name ?? '' }) : t('admin.products.newTitle')}</DialogTitle>
          <DialogDescription>{t('admin.products.formDescription')}</DialogDescription>
        </DialogHeader>
        {!productId ? (
          <ProductEditor product={null} onDone={done} />
        ) : product.isPending ? (
          <Spinner label={t('dashboard:table.loading')} className="size-6" />
        ) : product.isError ? (
          <PageError message={errorText(product.error, t('admin.products.loadFailed'))} onRetry={() => void product.refetch()} />
        ) : (
          // Mounted once the product is here, so a background refetch never overwrites what is being typed.
          <ProductEditor product={product.data} onDone={done} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ProductEditor({ product, onDone }: { product: ProductOut | null; onDone: () => void }) {
  const { t } = useTranslation(['catalogue', 'dashboard', 'common']);
  const message = useFieldText();
  const showServerIssues = useServerIssues();
  const errorText = useErrorText();
  const uid = useId();
  // A new product that saved but whose images failed becomes an edit of that product.
  const [productId, setProductId] = useState(product?.id);
  const current = useAdminProduct(productId);
  const categories = useCategories();
  const brands = useBrandOptions();
  const suppliers = useSupplierOptions();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const reorder = useReorderProductImages();
  const removeImage = useRemoveProductImage();
  const [pending, setPending] = useState<PendingImage[]>([]);
  const [imageError, setImageError] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(ProductForm, productFormValues(product));

  const stored: ProductImageOut[] = productId ? (current.data?.images ?? product?.images ?? []) : [];

  const moveStored = (from: number, to: number) => {
    if (!productId) return;
    const ids = stored.map((i) => i.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id!);
    reorder.mutate({ id: productId, ids }, { onError: (error) => notify.error(errorText(error, t('admin.saveFailed'))) });
  };
  const removeStored = (image: ProductImageOut) => {
    if (!productId) return;
    removeImage.mutate(
      { id: productId, imageId: image.id },
      {
        onSuccess: () => notify.success(t('admin.images.removed')),
        onError: (error) => notify.error(errorText(error, t('admin.saveFailed'))),
      },
    );
  };

  const onSubmit = handleSubmit(async (values) => {
    setSaving(true);
    let saved;
    try {
      saved = productId ? await update.mutateAsync({ id: productId, input: values }) : await create.mutateAsync(values);
    } catch (error) {
      if (!showServerIssues(error, setError, { fields: FIELDS })) notify.error(errorText(error, t('admin.saveFailed')));
      setSaving(false);
      return;
    }
    setProductId(saved.id);
    if (pending.length) {
      setProgress(0);
      try {
        await uploadProductImages(saved.id, pending.map((p) => p.file), { onProgress: setProgress });
        setPending([]);
      } catch (error) {
        // The product itself is saved; the dialog stays open on it so the images can be fixed and sent again.
        setImageError(errorText(error, t('admin.images.failed')));
        notify.error(t('admin.images.savedWithoutImages', { name: saved.name }));
        setSaving(false);
        return;
      } finally {
        setProgress(null);
      }
    }
    setSaving(false);
    notify.success(t(product ? 'admin.products.updated' : 'admin.products.created', { name: saved.name }));
    onDone();
  });

  const err = (name: (typeof FIELDS)[number]) => message(errors[name]?.message);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-6">
      <FormSection title={t('admin.products.general')}>
        <BilingualFields
          id={`${uid}-name`}
          label={t('admin.fields.name')}
          labelFr={t('admin.fields.nameFr')}
          autoComplete="off"
          className="sm:col-span-2"
          error={err('name')}
          errorFr={err('nameFr')}
          field={register('name')}
          fieldFr={register('nameFr')}
        />
        <BilingualFields
          id={`${uid}-description`}
          label={t('admin.fields.description')}
          labelFr={t('admin.fields.descriptionFr')}
          multiline
          rows={5}
          className="sm:col-span-2"
          error={err('description')}
          errorFr={err('descriptionFr')}
          field={register('description')}
          fieldFr={register('descriptionFr')}
        />
        <TextField id={`${uid}-sku`} label={t('tech.sku')} autoComplete="off" error={err('sku')} {...register('sku')} />
        <TextField
          id={`${uid}-slug`}
          label={t('admin.fields.slug')}
          hint={t('admin.products.slugHint')}
          autoComplete="off"
          error={err('slug')}
          {...register('slug')}
        />
        <TextField
          id={`${uid}-price`}
          label={t('admin.fields.price')}
          hint={t('admin.products.priceHint')}
          inputMode="decimal"
          autoComplete="off"
          error={err('price')}
          {...register('price')}
        />
        <TextField id={`${uid}-stock`} label={t('admin.fields.stock')} inputMode="numeric" autoComplete="off" error={err('stock')} {...register('stock')} />
        <Field id={`${uid}-category`} label={t('admin.fields.category')} error={err('categoryId')}>
          <select className={inputClasses} {...fieldAria(`${uid}-category`, err('categoryId'))} {...register('categoryId')}>
            <option value="">{t('admin.products.chooseCategory')}</option>
            {(categories.data?.items ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${uid}-brand`} label={t('admin.fields.brand')} error={err('brandId')}>
          <select className={inputClasses} {...fieldAria(`${uid}-brand`, err('brandId'))} {...register('brandId')}>
            <option value="">{t('admin.products.none')}</option>
            {(brands.data?.items ?? []).map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${uid}-supplier`} label={t('admin.fields.supplier')} error={err('supplierId')}>
          <select className={inputClasses} {...fieldAria(`${uid}-supplier`, err('supplierId'))} {...register('supplierId')}>
            <option value="">{t('admin.products.none')}</option>
            {(suppliers.data?.items ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </Field>
        <div className="flex items-center gap-3 self-end pb-2">
          <input id={`${uid}-active`} type="checkbox" className="size-5 accent-primary" {...register('active')} />
          <label htmlFor={`${uid}-active`} className="text-sm font-medium">
            {t('admin.products.activeLabel')}
          </label>
        </div>
      </FormSection>

      <FormSection title={t('product.technicalData')}>
        <Field id={`${uid}-kind`} label={t('tech.kind')} error={err('kind')} className="sm:col-span-2">
          <select className={inputClasses} {...fieldAria(`${uid}-kind`, err('kind'))} {...register('kind')}>
            {PRODUCT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </select>
        </Field>
        {TECH_FIELDS.map((name) => (
          <TextField
            key={name}
            id={`${uid}-${name}`}
            label={`${t(`tech.${TECH_LABEL[name]}`)} (${UNITS[name]})`}
            inputMode="decimal"
            autoComplete="off"
            hint={name === 'voltage' ? t('admin.products.voltageHint') : undefined}
            error={err(name)}
            {...register(name)}
          />
        ))}
        <TextField
          id={`${uid}-voltages`}
          label={`${t('tech.voltages')} (V)`}
          hint={t('admin.products.voltagesHint')}
          inputMode="numeric"
          autoComplete="off"
          error={err('voltages')}
          {...register('voltages')}
        />
        <TextField
          id={`${uid}-minInsulationMOhm`}
          label={`${t('tech.minInsulation')} (MΩ)`}
          hint={t('admin.products.minInsulationHint')}
          inputMode="decimal"
          autoComplete="off"
          error={err('minInsulationMOhm')}
          {...register('minInsulationMOhm')}
        />
      </FormSection>

      <FormSection title={t('admin.images.title')}>
        <ProductImagesField
          stored={stored}
          storedBusy={reorder.isPending || removeImage.isPending}
          onMoveStored={moveStored}
          onRemoveStored={removeStored}
          pending={pending}
          onPendingChange={setPending}
          error={message(imageError)}
          onError={setImageError}
        />
      </FormSection>

      <UploadProgress fraction={progress} />
      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={saving} onClick={onDone}>
          {t('dashboard:actions.cancel')}
        </Button>
        <SubmitButton pending={saving}>{t('admin.save')}</SubmitButton>
      </div>
    </form>
  );
}
