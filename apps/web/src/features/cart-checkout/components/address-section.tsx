import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COUNTRIES, REGIONS_OF, type Country } from '@meltway/shared/cart-checkout/regions';
import type { OrderOut } from '@meltway/shared/orders/order.schema';
import { SHIPPING_METHODS } from '@meltway/shared/cart-checkout/shipping';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useFieldText } from '@/lib/field-text';
import { CheckoutSection } from './checkout-section';
import type { CheckoutValues } from './checkout-form-schema';

/** Where the order goes: Canada (provinces, postal codes like A1A 1A1) or the United States (states, ZIP codes). */
export function AddressSection({ saved }: { saved?: OrderOut['shippingAddress'] | null }) {
  const { t } = useTranslation('commerce');
  const message = useFieldText();
  const uid = useId();
  const {
    register,
    setValue,
    getValues,
    control,
    formState: { errors },
  } = useFormContext<CheckoutValues>();
  const country = useWatch({ control, name: 'shippingAddress.country' });
  const fieldErrors = errors.shippingAddress;
  const countryField = register('shippingAddress.country', {
    onChange: (event: { target: { value: string } }) => {
      const next = event.target.value as Country;
      // A province is not a state: the region is chosen again, and a method the new country lacks gives way.
      setValue('shippingAddress.province', '');
      const method = SHIPPING_METHODS.find((s) => s.id === getValues('shippingMethodId'));
      if (method && method.priceCents[next] === undefined) setValue('shippingMethodId', 'standard');
    },
  });

  return (
    <CheckoutSection step={2} title={t('checkout.address.title')}>
      {() => (
        <div className="grid gap-4 sm:grid-cols-2">
          {saved ? (
            <Button
              type="button"
              variant="outline"
              className="justify-self-start sm:col-span-2"
              onClick={() => {
                const options = { shouldValidate: true, shouldDirty: true };
                setValue('shippingAddress', { ...saved, line2: saved.line2 ?? '' }, options);
              }}
            >
              {t('checkout.address.useSaved')}
            </Button>
          ) : null}
          <TextField
            id={`${uid}-fullname`}
            label={t('checkout.address.fullname')}
            autoComplete="shipping name"
            error={message(fieldErrors?.fullname?.message)}
            fieldClassName="sm:col-span-2"
            {...register('shippingAddress.fullname')}
          />
          <TextField
            id={`${uid}-line1`}
            label={t('checkout.address.line1')}
            autoComplete="shipping address-line1"
            error={message(fieldErrors?.line1?.message)}
            fieldClassName="sm:col-span-2"
            {...register('shippingAddress.line1')}
          />
          <TextField
            id={`${uid}-line2`}
            label={t('checkout.address.line2')}
            autoComplete="shipping address-line2"
            error={message(fieldErrors?.line2?.message)}
            fieldClassName="sm:col-span-2"
            {...register('shippingAddress.line2')}
          />
          <TextField
            id={`${uid}-city`}
            label={t('checkout.address.city')}
            autoComplete="shipping address-level2"
            error={message(fieldErrors?.city?.message)}
            {...register('shippingAddress.city')}
          />
          <SelectField
            id={`${uid}-country`}
            label={t('checkout.address.country')}
            autoComplete="shipping country"
            options={COUNTRIES.map((c) => ({ value: c, label: t(`countries.${c}`) }))}
            error={message(fieldErrors?.country?.message)}
            {...countryField}
          />
          <SelectField
            id={`${uid}-province`}
            label={t(`checkout.address.region.${country}`)}
            autoComplete="shipping address-level1"
            placeholder={t(`checkout.address.chooseRegion.${country}`)}
            options={REGIONS_OF[country].map((r) => ({ value: r, label: t(`regions.${country}.${r}`) }))}
            error={message(fieldErrors?.province?.message)}
            {...register('shippingAddress.province')}
          />
          <TextField
            id={`${uid}-postal`}
            label={t(`checkout.address.postalCode.${country}`)}
            autoComplete="shipping postal-code"
            inputMode={country === 'US' ? 'numeric' : 'text'}
            autoCapitalize="characters"
            placeholder={country === 'US' ? '12345' : 'A1A 1A1'}
            error={message(fieldErrors?.postalCode?.message)}
            {...register('shippingAddress.postalCode')}
          />
        </div>
      )}
    </CheckoutSection>
  );
}
