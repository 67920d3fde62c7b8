import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeftIcon } from 'lucide-react';
import type { CartOut } from '@meltway/shared/cart-checkout/cart.schema';
import { PageFailure, PageLoading } from '@/components/page-states';
import { QueryState } from '@/components/query-state';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { usePageMeta } from '@/lib/use-page-meta';
import { cn } from '@/lib/utils';
import { useProject } from '../api/projects';
import { useDesignMessages } from '../components/design-message';
import { DesignResultView } from '../components/design-result-view';
import { ProjectActions } from '../components/project-actions';
import { ProjectMissing } from '../components/project-missing';
import { ProjectName } from '../components/project-name';
import { ProjectPanel } from '../components/project-panel';
import { ProjectPhotos } from '../components/project-photos';
import { ProjectReadings } from '../components/project-readings';
import { ProjectSite } from '../components/project-site';
import { ProjectStatus } from '../components/project-status';
import { ProjectStatusBadge } from '../components/project-status-badge';

function BackLink({ className }: { className?: string }) {
  const { t } = useTranslation('design-projects');
  return (
    <Link to="/layout-generator/projects" className={cn(buttonVariants({ variant: 'link', size: 'inline' }), className)}>
      <ArrowLeftIcon aria-hidden />
      {t('project.back')}
    </Link>
  );
}

/**
 * /layout-generator/projects/:id: a saved project from its design to its inspection: name, status and
 * what inspection still needs, the design itself, its actions, and the installation's tests and photos.
 * `onCart` receives the cart after its materials are added.
 */
export default function ProjectPage({ onCart }: { onCart?: (cart: CartOut) => void }) {
  const { t, i18n } = useTranslation('design-projects');
  const { id } = useParams();
  const project = useProject(id);
  const messages = useDesignMessages();
  usePageMeta(project.data ? project.data.name : t('project.loadingTitle'), undefined);

  const failed = (message: string, retry?: () => void) => (
    <PageFailure title={t('project.loadingTitle')} message={message} retry={retry ? { label: t('project.retry'), onRetry: retry } : undefined}>
      <BackLink className="mt-4" />
    </PageFailure>
  );

  return (
    <QueryState
      query={project}
      loading={<PageLoading label={t('project.loading')} />}
      notFound={failed(t('project.notFound'))}
      failed={(error) => failed(messages.error(error, t('project.loadFailed')), () => void project.refetch())}
    >
      {(data) => (
        <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
          <BackLink />
          <div className="mt-2 grid gap-2">
            <ProjectName project={data} />
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <ProjectStatusBadge status={data.status} />
              {data.shared ? <Badge variant="muted">{t('project.sharedBadge')}</Badge> : null}
              <span>{t('project.byOwner', { owner: data.ownerName, date: formatDate(data.updatedAt, i18n.resolvedLanguage) })}</span>
            </div>
          </div>
          {data.editable ? null : (
            <Alert variant="info" className="mt-4">
              {t('project.readOnly', { owner: data.ownerName })}
            </Alert>
          )}
          <div className="mt-5">
            <ProjectActions project={data} onCart={onCart} />
          </div>
          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <ProjectPanel id="project-status" title={t('steps.title')}>
              <ProjectStatus project={data} />
            </ProjectPanel>
            {data.status === 'inspected' ? null : (
              <ProjectPanel id="project-missing" title={t('missing.title')}>
                <ProjectMissing project={data} />
              </ProjectPanel>
            )}
          </div>
          <ProjectPanel id="project-site" title={t('site.title')} description={t('site.intro')} className="mt-6">
            <ProjectSite project={data} />
          </ProjectPanel>
          <section aria-labelledby="project-design-title" className="mt-8 min-w-0">
            <h2 id="project-design-title" className="text-xl font-semibold tracking-tight">
              {t('project.design')}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{t('project.designIntro')}</p>
            <div className="mt-4">
              <DesignResultView result={data.result} />
            </div>
          </section>
          <div className="mt-8 grid gap-6">
            <ProjectPanel id="project-installation" title={t('installation.title')} description={t('installation.intro')}>
              <ProjectReadings project={data} />
            </ProjectPanel>
            <ProjectPanel id="project-photos" title={t('photos.title')} description={t('photos.intro')}>
              <ProjectPhotos project={data} />
            </ProjectPanel>
          </div>
        </div>
      )}
    </QueryState>
  );
}
