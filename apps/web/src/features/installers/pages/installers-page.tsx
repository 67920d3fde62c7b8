import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BadgeCheckIcon, MapPinIcon, SearchIcon, SearchXIcon } from 'lucide-react';
import { PRODUCT_FAMILIES, type ProductFamily } from '@meltway/shared/catalogue/limits';
import type { InstallerOut, InstallerSearchOut } from '@meltway/shared/installers/installer.schema';
import { SelectField } from '@/components/form/select-field';
import { Button } from '@/components/ui/button';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { errorText, useMessageT } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { formatNumber } from '@/lib/format-number';
import { usePageMeta } from '@/lib/use-page-meta';
import { useInstallerSearch, type InstallerSearch } from '../api/installers';

const isFamily = (value: string | null): value is ProductFamily => (PRODUCT_FAMILIES as readonly string[]).includes(value ?? '');

/** The search the address holds (`?postalCode=K1A0B1&family=mat`), so that a link opens it filled in. */
function useAddressSearch(): [InstallerSearch, (next: InstallerSearch) => void] {
  const [params, setParams] = useSearchParams();
  const family = params.get('family');
  const search = { postalCode: (params.get('postalCode') ?? '').trim(), family: isFamily(family) ? family : '' } as const;
  const setSearch = (next: InstallerSearch) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value) out.set(key, value);
          else out.delete(key);
        }
        return out;
      },
      { replace: false },
    );
  return [search, setSearch];
}

/** The API's word on the postal code, when it refused the search for it (400 naming `postalCode`). */
const postalCodeIssue = (error: unknown) =>
  error instanceof ApiError && error.status === 400 && error.issues.some((issue) => issue.path === 'postalCode');

/**
 * /installers, public: a postal code and a product family, then the certified installers whose service area covers
 * it, nearest first, as a list of cards (no map), with where the distances come from under it.
 */
export default function InstallersPage() {
  const { t } = useMessageT('installers');
  usePageMeta(t('search.title'), t('search.description'));
  const [search, setSearch] = useAddressSearch();
  const found = useInstallerSearch(search);
  const codeError = found.isError && postalCodeIssue(found.error) ? errorText(t, found.error) : undefined;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('search.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('search.lead')}</p>
      <SearchForm key={`${search.postalCode} ${search.family}`} search={search} codeError={codeError} busy={found.isFetching} onSearch={setSearch} />
      <section aria-live="polite" aria-busy={found.isFetching} className="mt-8">
        {search.postalCode === '' || codeError ? null : found.isError ? (
          <div className="grid justify-items-start gap-3" role="alert">
            <p>{errorText(t, found.error, t('search.failed'))}</p>
            <Button variant="outline" onClick={() => void found.refetch()}>
              {t('search.retry')}
            </Button>
          </div>
        ) : found.data === undefined ? (
          <p className="flex items-center gap-2 text-muted-foreground" role="status">
            <Spinner /> {t('search.loading')}
          </p>
        ) : (
          <Results found={found.data} postalCode={search.postalCode} />
        )}
      </section>
    </div>
  );
}

type FormProps = { search: InstallerSearch; codeError: string | undefined; busy: boolean; onSearch: (next: InstallerSearch) => void };

/** The postal code box and the family select; Enter or the button puts them in the address, which runs the search. */
function SearchForm({ search, codeError, busy, onSearch }: FormProps) {
  const { t } = useTranslation('installers');
  const uid = useId();
  const [postalCode, setPostalCode] = useState(search.postalCode);
  const [family, setFamily] = useState<InstallerSearch['family']>(search.family);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ postalCode: postalCode.trim(), family });
  };
  const codeId = `${uid}-postal-code`;
  return (
    <form role="search" aria-label={t('search.formLabel')} onSubmit={submit} className="mt-6 grid items-start gap-4 rounded-xl border bg-card p-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:p-6">
      <Field id={codeId} label={t('search.postalCode')} error={codeError} hint={t('search.postalCodeHint')}>
        <Input
          {...fieldAria(codeId, codeError, true)}
          name="postalCode"
          value={postalCode}
          onChange={(event) => setPostalCode(event.target.value)}
          autoComplete="postal-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={12}
          required
        />
      </Field>
      <SelectField
        id={`${uid}-family`}
        name="family"
        label={t('search.family')}
        value={family}
        onChange={(event) => setFamily(isFamily(event.target.value) ? event.target.value : '')}
        options={[{ value: '', label: t('search.families.all') }, ...PRODUCT_FAMILIES.map((f) => ({ value: f, label: t(`search.families.${f}`) }))]}
      />
      <Button type="submit" className="sm:mt-[1.375rem]" disabled={busy && postalCode.trim() === search.postalCode && family === search.family}>
        {busy ? <Spinner /> : <SearchIcon aria-hidden />}
        {t('search.submit')}
      </Button>
    </form>
  );
}

/** The installers found, or the word that none covers the code; the data's credit under it either way. */
function Results({ found, postalCode }: { found: InstallerSearchOut; postalCode: string }) {
  const { t } = useTranslation('installers');
  return (
    <>
      <h2 className="text-xl font-semibold">{t('search.resultsTitle', { count: found.items.length, postalCode })}</h2>
      {found.items.length ? (
        <ul className="mt-4 grid gap-4">
          {found.items.map((installer) => (
            <li key={installer.id}>
              <InstallerCard installer={installer} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-4 flex items-start gap-4 rounded-xl border bg-card p-6">
          <SearchXIcon className="size-8 shrink-0 text-muted-foreground" aria-hidden />
          <div className="grid gap-1">
            <p className="font-semibold">{t('search.none')}</p>
            <p className="text-muted-foreground">{t('search.noneBody')}</p>
          </div>
        </div>
      )}
      <p className="mt-6 text-xs text-muted-foreground">{found.attribution}</p>
    </>
  );
}

/** One installer: its company, how far its base is, its certifications with their validity, and its dealer. */
function InstallerCard({ installer }: { installer: InstallerOut }) {
  const { t, i18n } = useTranslation('installers');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const headingId = `installer-${installer.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold break-words">
          {installer.companyName}
        </h3>
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <MapPinIcon className="size-4" aria-hidden />
          {t('search.distance', { distance: formatNumber(installer.distanceKm, language, 1) })}
        </p>
      </div>
      <ul className="mt-3 grid gap-1" aria-label={t('search.certifications')}>
        {installer.certifications.map((c) => (
          <li key={`${c.name} ${c.validUntil ?? ''}`} className="flex items-start gap-2 text-sm">
            <BadgeCheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            <span>
              <span className="font-medium">{c.name}</span>
              {' · '}
              {c.validUntil ? t('search.validUntil', { date: formatDate(c.validUntil, language) }) : t('search.noExpiry')}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm">
        <span className="text-muted-foreground">{t('search.dealer')}</span> {installer.dealer.name}
      </p>
    </article>
  );
}
