import { useTranslation } from 'react-i18next';
import { CheckIcon, XIcon } from 'lucide-react';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';
import { errorText } from '@/lib/error-text';
import { useApproveUser } from '../api/approve-user';

/** Approve and Reject for a pending contractor; the server decides whether this admin or dealer may. */
export function ContractorApproval({ contractor, compact = false }: { contractor: UserOut; compact?: boolean }) {
  const { t } = useTranslation('dashboard');
  const approve = useApproveUser();
  const decide = (status: 'approved' | 'inactive') =>
    approve.mutate(
      { id: contractor.id, status },
      {
        onSuccess: () =>
          notify.success(t(status === 'approved' ? 'contractors.approved' : 'contractors.rejected', { name: contractor.fullname })),
        onError: (error) =>
          notify.error(
            errorText(t, error, t(status === 'approved' ? 'contractors.approveFailed' : 'contractors.rejectFailed')),
          ),
      },
    );
  return (
    <div className={compact ? 'flex justify-end gap-2' : 'flex gap-2'}>
      <Button
        size={compact ? 'sm' : 'default'}
        className={compact ? 'h-8 px-2.5' : undefined}
        onClick={() => decide('approved')}
        disabled={approve.isPending}
        aria-label={t('contractors.approveOne', { name: contractor.fullname })}
      >
        <CheckIcon aria-hidden />
        {/* In a table row on a phone the icons alone keep the buttons in view; their names stay for screen readers. */}
        <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>{t('dealers.approve')}</span>
      </Button>
      <Button
        size={compact ? 'sm' : 'default'}
        className={compact ? 'h-8 px-2.5' : undefined}
        variant="outline"
        onClick={() => decide('inactive')}
        disabled={approve.isPending}
        aria-label={t('contractors.rejectOne', { name: contractor.fullname })}
      >
        <XIcon aria-hidden />
        <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>{t('dealers.reject')}</span>
      </Button>
    </div>
  );
}
