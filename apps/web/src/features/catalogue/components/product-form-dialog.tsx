import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductOut } from '@meltway/shared/catalogue/product.schema';
import { SubmitButton } from '@/components/admin/form-actions';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { FormSection } from '@/components/form/form-section';
import { UploadProgress } from '@/components/form/upload-progress';
import { PageError } from '@/components/dashboard/page-shell';
import { useErrorText } from '@/lib/error-text';
import { useFieldText } from '@/lib/field-text';
import { useAdminProduct } from '../api/catalogue-admin';
import { ProductGeneralFields, ProductTechnicalFields } from './product-editor-fields';
import { ProductImagesField } from './product-images-field';
import { useProductEditor, type PRODUCT_FIELDS } from './use-product-editor';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The product to edit; undefined creates one. */
  productId: string | undefined;
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
  const uid = useId();
  const { form, images, progress, saving, onSubmit } = useProductEditor(product, onDone);
  const { errors } = form.formState;
  const err = (name: (typeof PRODUCT_FIELDS)[number]) => message(errors[name]?.message);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-6">
      <ProductGeneralFields uid={uid} register={form.register} err={err} />
      <ProductTechnicalFields uid={uid} register={form.register} err={err} />
      <FormSection title={t('admin.images.title')}>
        <ProductImagesField
          stored={images.stored}
          storedBusy={images.storedBusy}
          onMoveStored={images.moveStored}
          onRemoveStored={images.removeStored}
          pending={images.pending}
          onPendingChange={images.setPending}
          error={message(images.imageError)}
          onError={images.setImageError}
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
