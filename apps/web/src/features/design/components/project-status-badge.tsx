import { useTranslation } from 'react-i18next';
import type { ProjectStatus } from '@meltway/shared/design/project.schema';
import { Badge } from '@/components/ui/badge';

const VARIANT: Record<ProjectStatus, 'default' | 'success' | 'warning' | 'outline'> = {
  designed: 'outline',
  ordered: 'warning',
  installed: 'default',
  inspected: 'success',
};

/** A project's status in words, coloured by how far it has come. */
export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const { t } = useTranslation('design-projects');
  return <Badge variant={VARIANT[status]}>{t(`status.${status}`)}</Badge>;
}
