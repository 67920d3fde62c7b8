import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CouponOut } from '@meltway/shared/cart-checkout/coupon.schema';
import { FormActions } from '@/components/admin/form-actions';
import { FormDialog } from '@/components/admin/form-dialog';
import { FormSection } from '@/components/form/form-section';
import { TextField } from '@/components/form/text-field';
import { Field, fieldAria } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { TextareaField } from '@/components/ui/textarea';
import { useFieldText } from '@/lib/field-text';
import { saveAndClose, useSchemaForm } from '@/lib/use-schema-form';
import { useCouponCategories, useSaveCoupon } from '../api/coupons';
import { COUPON_FIELDS, CouponForm, couponFormValues } from './coupon-form';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; coupon: CouponOut | null };

/** Adds or edits a coupon with every rule: validity, limits, minimum subtotal and category. */
export function CouponDialog({ open, onOpenChange, coupon }: Props) {
  const { t } = useTranslation(['commerce', 'dashboard']);
  const categories = useCouponCategories();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={coupon ? t('coupons.editTitle', { code: coupon.code }) : t('coupons.newTitle')}
      description={t('coupons.formDescription')}
    >
      {(done) =>
        // Mounted once the categories are here, so the select starts on the coupon's own.
        categories.isPending ? <Spinner label={t('dashboard:table.loading')} className="size-6" /> : <CouponEditor coupon={coupon} onDone={done} />
      }
    </FormDialog>
  );
}

function CouponEditor({ coupon, onDone }: { coupon: CouponOut | null; onDone: () => void }) {
  const { t } = useTranslation(['commerce', 'dashboard']);
  const message = useFieldText();
  const uid = useId();
  const save = useSaveCoupon();
  const categories = useCouponCategories();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(CouponForm, couponFormValues(coupon));

  const onSubmit = handleSubmit((values) =>
    saveAndClose(() => save.mutateAsync({ id: coupon?.id, input: values }), {
      success: (saved) => t(coupon ? 'coupons.updated' : 'coupons.created', { code: saved.code }),
      done: onDone,
      issues: { setError, fields: COUPON_FIELDS },
      fallback: t('coupons.saveFailed'),
    }),
  );

  const err = (name: (typeof COUPON_FIELDS)[number]) => message(errors[name]?.message);
  const id = (name: string) => `${uid}-${name}`;
  const categoryError = err('category_id');
  // The coupon's own category stays a choice when the list could not load (or it lies beyond its first page).
  const listed = categories.data ?? [];
  const categoryOptions =
    coupon?.category_id && !listed.some((c) => c.id === coupon.category_id)
      ? [...listed, { id: coupon.category_id, name: coupon.categoryName ?? coupon.category_id }]
      : listed;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-6">
      <FormSection title={t('coupons.sections.offer')}>
        <TextField id={id('name')} label={t('coupons.fields.name')} autoComplete="off" error={err('name')} fieldClassName="sm:col-span-2" {...register('name')} />
        <TextField
          id={id('code')}
          label={t('coupons.fields.code')}
          hint={t('coupons.hints.code')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono"
          error={err('code')}
          {...register('code')}
        />
        <TextField
          id={id('percent')}
          label={t('coupons.fields.percent')}
          inputMode="numeric"
          autoComplete="off"
          error={err('discount_percent')}
          {...register('discount_percent')}
        />
        <TextareaField id={id('description')} label={t('coupons.fields.description')} rows={3} error={err('description')} fieldClassName="sm:col-span-2" {...register('description')} />
      </FormSection>

      <FormSection title={t('coupons.sections.rules')}>
        <TextField id={id('starts')} type="date" label={t('coupons.fields.startsAt')} hint={t('coupons.hints.startsAt')} error={err('starts_at')} {...register('starts_at')} />
        <TextField id={id('ends')} type="date" label={t('coupons.fields.endsAt')} hint={t('coupons.hints.endsAt')} error={err('ends_at')} {...register('ends_at')} />
        <TextField
          id={id('usage')}
          label={t('coupons.fields.usageLimit')}
          hint={coupon ? t('coupons.hints.usageLimitUsed', { count: coupon.used_count }) : t('coupons.hints.noLimit')}
          inputMode="numeric"
          autoComplete="off"
          error={err('usage_limit')}
          {...register('usage_limit')}
        />
        <TextField
          id={id('per-customer')}
          label={t('coupons.fields.perCustomerLimit')}
          hint={t('coupons.hints.noLimit')}
          inputMode="numeric"
          autoComplete="off"
          error={err('per_customer_limit')}
          {...register('per_customer_limit')}
        />
        <TextField
          id={id('minimum')}
          label={t('coupons.fields.minSubtotal')}
          hint={t('coupons.hints.minSubtotal')}
          inputMode="decimal"
          autoComplete="off"
          error={err('min_subtotal_cents')}
          {...register('min_subtotal_cents')}
        />
        <Field id={id('category')} label={t('coupons.fields.category')} error={categoryError} hint={categories.isError ? t('coupons.hints.categoriesFailed') : undefined}>
          <select className={inputClasses} {...fieldAria(id('category'), categoryError, categories.isError)} {...register('category_id')}>
            <option value="">{t('coupons.allProducts')}</option>
            {categoryOptions.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
      </FormSection>

      {/* Pinned to the foot of the scrolling dialog: a message appearing above never moves Save from under the pointer. */}
      <div className="sticky -bottom-6 z-10 -mx-6 -mb-6 border-t bg-background px-6 py-4">
        <FormActions onCancel={onDone} pending={save.isPending} submitLabel={t('coupons.save')} />
      </div>
    </form>
  );
}
