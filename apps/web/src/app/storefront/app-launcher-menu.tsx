import { GraduationCapIcon, HouseIcon, PencilRulerIcon, StoreIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LauncherButton } from './launcher-button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { LAUNCHER_APPS } from './storefront-nav';

const icons = { home: HouseIcon, academy: GraduationCapIcon, shop: StoreIcon, layout: PencilRulerIcon } as const;

export default function AppLauncherMenu() {
  const { t } = useTranslation();
  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>
        <LauncherButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="text-xs font-semibold text-muted-foreground uppercase">
          {t('launcher.label')}
        </DropdownMenuLabel>
        {LAUNCHER_APPS.map((app) => {
          const Icon = icons[app.icon];
          return (
            <DropdownMenuItem key={app.key} asChild>
              <a href={app.href} target="_blank" rel="noopener noreferrer">
                <Icon aria-hidden />
                <span>{t(app.key)}</span>
                <span className="sr-only"> {t('launcher.newTab')}</span>
              </a>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
