import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SITE_FIELD_MAX, UpdateDesignInput, type DesignProject } from '@meltway/shared/design/project.schema';
import { SubmitButton } from '@/components/admin/form-actions';
import { TextField } from '@/components/form/text-field';
import { notify } from '@/lib/notify';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useUpdateProject } from '../api/projects';
import { useDesignMessages } from './design-message';
import { showProjectIssues } from './project-form-issues';

const FIELDS = ['siteAddress', 'siteOwner', 'installerCompany', 'installerLicence'] as const;
type SiteField = (typeof FIELDS)[number];
const SiteInput = UpdateDesignInput.pick({ siteAddress: true, siteOwner: true, installerCompany: true, installerLicence: true });
const AUTOCOMPLETE: Record<SiteField, string> = { siteAddress: 'street-address', siteOwner: 'off', installerCompany: 'organization', installerLicence: 'off' };

/**
 * Where the system goes, who owns the site and who installs it, as the permit pack prints them: its owner (or an
 * admin) types them in; anyone else reads them, a blank one said to be not given.
 */
export function ProjectSite({ project }: { project: DesignProject }) {
  const { t } = useTranslation('design-projects');
  if (!project.editable) {
    return (
      <dl className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <div key={field} className="min-w-0">
            <dt className="text-sm text-muted-foreground">{t(`site.${field}`)}</dt>
            <dd className="[overflow-wrap:anywhere]">{project[field] || <span className="text-muted-foreground">{t('site.notGiven')}</span>}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return <SiteForm project={project} />;
}

function SiteForm({ project }: { project: DesignProject }) {
  const { t } = useTranslation('design-projects');
  const uid = useId();
  const messages = useDesignMessages();
  const update = useUpdateProject();
  const saved = Object.fromEntries(FIELDS.map((f) => [f, project[f]])) as Record<SiteField, string>;
  const {
    register,
    setError,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(SiteInput, saved);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await update.mutateAsync({ id: project.id, input: values });
      reset(Object.fromEntries(FIELDS.map((f) => [f, answer[f]])) as Record<SiteField, string>);
      notify.success(t('site.saved'));
    } catch (error) {
      if (!showProjectIssues(error, setError, FIELDS, messages)) notify.error(messages.error(error, t('site.failed')));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4" aria-busy={update.isPending}>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <TextField
            key={field}
            id={`${uid}-${field}`}
            label={t(`site.${field}`)}
            hint={t(`site.${field}Hint`)}
            autoComplete={AUTOCOMPLETE[field]}
            maxLength={SITE_FIELD_MAX}
            fieldClassName={field === 'siteAddress' ? 'sm:col-span-2' : undefined}
            error={errors[field]?.message && messages.message(errors[field].message)}
            {...register(field)}
          />
        ))}
      </div>
      <div>
        <SubmitButton pending={update.isPending}>{t('site.save')}</SubmitButton>
      </div>
    </form>
  );
}
