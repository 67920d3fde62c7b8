import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductImageOut, ProductOut } from '@meltway/shared/catalogue/product.schema';
import { useErrorText, useServerIssues } from '@/lib/error-text';
import { notify } from '@/lib/notify';
import { useSchemaForm } from '@/lib/use-schema-form';
import { uploadProductImages, useAdminProduct, useCreateProduct, useRemoveProductImage, useReorderProductImages, useUpdateProduct } from '../api/catalogue-admin';
import { ProductForm, productFormValues, TECH_FIELDS } from './product-form-schema';
import type { PendingImage } from './product-images-field';

/** The product form's fields, in the order the server's issues are matched to them. */
export const PRODUCT_FIELDS = [
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

/** The images of the product being edited: the stored ones (reordered and removed at once, on the server) and those chosen to send. */
function useProductImages(productId: string | undefined, product: ProductOut | null) {
  const { t } = useTranslation(['catalogue', 'dashboard', 'common']);
  const errorText = useErrorText();
  const current = useAdminProduct(productId);
  const reorder = useReorderProductImages();
  const removeImage = useRemoveProductImage();
  const [pending, setPending] = useState<PendingImage[]>([]);
  const [imageError, setImageError] = useState<string>();

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
  return { stored, storedBusy: reorder.isPending || removeImage.isPending, moveStored, removeStored, pending, setPending, imageError, setImageError };
}

/**
 * The product editor's state: the form, the images, and the save: the product first, then the chosen images with
 * their progress. A new product that saved but whose images failed becomes an edit of that product.
 */
export function useProductEditor(product: ProductOut | null, onDone: () => void) {
  const { t } = useTranslation(['catalogue', 'dashboard', 'common']);
  const showServerIssues = useServerIssues();
  const errorText = useErrorText();
  const [productId, setProductId] = useState(product?.id);
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const images = useProductImages(productId, product);
  const [progress, setProgress] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useSchemaForm(ProductForm, productFormValues(product));

  const onSubmit = form.handleSubmit(async (values) => {
    setSaving(true);
    let saved;
    try {
      saved = productId ? await update.mutateAsync({ id: productId, input: values }) : await create.mutateAsync(values);
    } catch (error) {
      if (!showServerIssues(error, form.setError, { fields: PRODUCT_FIELDS })) notify.error(errorText(error, t('admin.saveFailed')));
      setSaving(false);
      return;
    }
    setProductId(saved.id);
    if (images.pending.length) {
      setProgress(0);
      try {
        await uploadProductImages(saved.id, images.pending.map((p) => p.file), { onProgress: setProgress });
        images.setPending([]);
      } catch (error) {
        // The product itself is saved; the dialog stays open on it so the images can be fixed and sent again.
        images.setImageError(errorText(error, t('admin.images.failed')));
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

  return { form, images, progress, saving, onSubmit };
}

/** The editor's form, as its sections receive it. */
export type ProductEditorForm = ReturnType<typeof useProductEditor>['form'];
