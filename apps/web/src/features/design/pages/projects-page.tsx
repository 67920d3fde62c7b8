import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from 'lucide-react';
import { DataTable } from '@/components/data-table/data-table';
import { buttonVariants } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/session';
import { usePageMeta } from '@/lib/use-page-meta';
import { projectKeys } from '../api/project-keys';
import { fetchProjectsPage } from '../api/projects';
import { projectsColumns } from '../components/projects-columns';

/** /layout-generator/projects: the projects the signed-in user may see, newest change first. */
export default function ProjectsPage() {
  const { t, i18n } = useTranslation(['design-projects', 'common']);
  usePageMeta(t('list.title'), t('list.description'));
  const userId = useCurrentUser()?.id ?? '';
  const language = i18n.resolvedLanguage;
  const columns = useMemo(() => projectsColumns(t, language), [t, language]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight">{t('list.title')}</h1>
          <p className="mt-2 max-w-2xl text-muted-foreground">{t('list.intro')}</p>
        </div>
        <Link to="/layout-generator" className={buttonVariants({ variant: 'ember' })}>
          <PlusIcon aria-hidden />
          {t('list.design')}
        </Link>
      </div>
      <div className="mt-6">
        <DataTable
          mode="server"
          label={t('list.title')}
          columns={columns}
          // Each account sees its own set: a sign-in as someone else must not show the list cached before.
          queryKey={projectKeys.list({ userId })}
          fetchPage={fetchProjectsPage}
          getRowId={(project) => project.id}
          emptyMessage={t('list.empty')}
        />
      </div>
    </div>
  );
}
