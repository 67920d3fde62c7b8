import { useTranslation } from 'react-i18next';
import { PRODUCT_KINDS } from '@meltway/shared/catalogue/limits';
import { Field, fieldAria } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { BilingualFields } from '@/components/form/bilingual-fields';
import { FormSection } from '@/components/form/form-section';
import { TextField } from '@/components/form/text-field';
import { useBrandOptions, useSupplierOptions } from '../api/catalogue-admin';
import { useCategories } from '../api/categories';
import { TECH_FIELDS } from './product-form-schema';
import type { PRODUCT_FIELDS, ProductEditorForm } from './use-product-editor';

type Props = {
  /** The form's id prefix. */
  uid: string;
  register: ProductEditorForm['register'];
  /** A field's error, in the reader's language. */
  err: (name: (typeof PRODUCT_FIELDS)[number]) => string | undefined;
};

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

/** Names, description, SKU, slug, price, stock, category, brand, supplier and whether it is on sale. */
export function ProductGeneralFields({ uid, register, err }: Props) {
  const { t } = useTranslation(['catalogue', 'dashboard', 'common']);
  return (
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
      <TextField id={`${uid}-slug`} label={t('admin.fields.slug')} hint={t('admin.products.slugHint')} autoComplete="off" error={err('slug')} {...register('slug')} />
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
      <ProductRelations uid={uid} register={register} err={err} />
      <div className="flex items-center gap-3 self-end pb-2">
        <input id={`${uid}-active`} type="checkbox" className="size-5 accent-primary" {...register('active')} />
        <label htmlFor={`${uid}-active`} className="text-sm font-medium">
          {t('admin.products.activeLabel')}
        </label>
      </div>
    </FormSection>
  );
}

/** The category, brand and supplier the product belongs to, each a list to choose from. */
function ProductRelations({ uid, register, err }: Props) {
  const { t } = useTranslation(['catalogue', 'dashboard', 'common']);
  const categories = useCategories();
  const brands = useBrandOptions();
  const suppliers = useSupplierOptions();
  const relations = [
    { name: 'categoryId', id: `${uid}-category`, label: t('admin.fields.category'), empty: t('admin.products.chooseCategory'), options: categories.data?.items },
    { name: 'brandId', id: `${uid}-brand`, label: t('admin.fields.brand'), empty: t('admin.products.none'), options: brands.data?.items },
    { name: 'supplierId', id: `${uid}-supplier`, label: t('admin.fields.supplier'), empty: t('admin.products.none'), options: suppliers.data?.items },
  ] as const;
  return relations.map(({ name, id, label, empty, options }) => (
    <Field key={name} id={id} label={label} error={err(name)}>
      <select className={inputClasses} {...fieldAria(id, err(name))} {...register(name)}>
        <option value="">{empty}</option>
        {(options ?? []).map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </Field>
  ));
}

/** The kind of product and its ratings: the figures the layout generator and the product page read. */
export function ProductTechnicalFields({ uid, register, err }: Props) {
  const { t } = useTranslation(['catalogue', 'dashboard', 'common']);
  return (
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
  );
}
