import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';
import { PageShell } from '@/components/dashboard/page-shell';
import { notify } from '@/lib/notify';
import { useCreateDealer } from '../api/create-dealer';
import { AddDealerWizard } from '../components/add-dealer-wizard';

export default function AddDealerPage() {
  const { t } = useTranslation(['dashboard', 'accounts']);
  const navigate = useNavigate();
  const create = useCreateDealer();
  return (
    <PageShell title={t('pages.addDealer')} description={t('addDealer.description')} className="max-w-3xl">
      <Card>
        <CardContent className="p-5 sm:p-6">
          <AddDealerWizard
            onSubmit={create.mutateAsync}
            onCreated={() => {
              notify.success(t('addDealer.created'));
              void navigate('/dashboard/dealers');
            }}
          />
        </CardContent>
      </Card>
    </PageShell>
  );
}
