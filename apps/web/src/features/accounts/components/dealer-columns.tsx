import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { CheckIcon, EyeIcon, Trash2Icon, XIcon } from 'lucide-react';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { Button } from '@/components/ui/button';
import { userColumns } from './user-columns';

type T = TFunction<['dashboard', ...string[]]>;

/** The dealers list's columns: name (it opens the dealer), email, phone, status, created, and View and Delete. */
export function dealerColumns(t: T, language: string | undefined, actions: { view: (dealer: UserOut) => void; remove: (dealer: UserOut) => void }): ColumnDef<UserOut>[] {
  const c = userColumns(t, language);
  return [
    c.name(actions.view),
    c.email(),
    {
      id: 'phone',
      accessorFn: (d) => (d.phone ? `${d.phoneCode ?? ''} ${d.phone}`.trim() : ''),
      header: t('accounts:fields.phone'),
      meta: { label: t('accounts:fields.phone') },
      enableSorting: false,
    },
    c.status((d) => (d.status === 'approved' ? 'approved' : 'inactive')),
    c.created(),
    c.actions((d) => (
      <div className="flex justify-end gap-1">
        <Button variant="ghost" size="icon" className="size-8" onClick={() => actions.view(d)} aria-label={t('dealers.viewOne', { name: d.fullname })}>
          <EyeIcon aria-hidden />
        </Button>
        {d.status === 'approved' ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-destructive hover:text-destructive"
            onClick={() => actions.remove(d)}
            aria-label={t('dealers.deleteOne', { name: d.fullname })}
          >
            <Trash2Icon aria-hidden />
          </Button>
        ) : null}
      </div>
    )),
  ];
}

type Decisions = {
  view: (dealer: UserOut) => void;
  decide: (dealer: UserOut, status: 'approved' | 'inactive') => void;
  /** A decision is on its way: the buttons wait for it. */
  deciding: boolean;
};

/** The pending dealers' columns: name (it opens the dealer), email, created, and Approve and Reject. */
export function pendingDealerColumns(t: T, language: string | undefined, { view, decide, deciding }: Decisions): ColumnDef<UserOut>[] {
  const c = userColumns(t, language);
  return [
    c.name(view),
    c.email(),
    c.created(),
    c.actions((d) => (
      <div className="flex justify-end gap-2">
        <Button size="sm" onClick={() => decide(d, 'approved')} disabled={deciding} aria-label={t('dealers.approveOne', { name: d.fullname })}>
          <CheckIcon aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('dealers.approve')}</span>
        </Button>
        <Button size="sm" variant="outline" onClick={() => decide(d, 'inactive')} disabled={deciding} aria-label={t('dealers.rejectOne', { name: d.fullname })}>
          <XIcon aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('dealers.reject')}</span>
        </Button>
      </div>
    )),
  ];
}
