import { useTranslation } from 'react-i18next';
import { CheckIcon, MinusIcon, UserCheckIcon } from 'lucide-react';
import { PERMISSIONS, type Permission, type PermissionKey } from '@meltway/shared/accounts/permissions';
import { ROLES, type Role } from '@meltway/shared/accounts/roles';
import { Card, CardContent } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { PageShell } from '@/components/dashboard/page-shell';

type Access = 'yes' | 'own' | 'no';

/** What a role may do under a permission, as the server reads the same table. */
function accessFor(permission: Permission, role: Role): Access {
  if (permission.roles !== 'public' && !permission.roles.includes(role)) return 'no';
  return permission.ownOnly?.includes(role) ? 'own' : 'yes';
}

const ICONS = { yes: CheckIcon, own: UserCheckIcon, no: MinusIcon } as const;
const STYLES = { yes: 'text-success', own: 'text-primary', no: 'text-muted-foreground' } as const;

export default function RolesPage() {
  const { t } = useTranslation(['dashboard', 'common']);
  const keys = Object.keys(PERMISSIONS) as PermissionKey[];
  return (
    <PageShell title={t('pages.adminRoles')} description={t('roles.description')}>
      <ul className="flex flex-wrap gap-4 text-sm" aria-label={t('roles.legend')}>
        {(['yes', 'own', 'no'] as const).map((access) => {
          const Icon = ICONS[access];
          return (
            <li key={access} className="flex items-center gap-1.5">
              <Icon className={`size-4 ${STYLES[access]}`} aria-hidden />
              {t(`roles.access.${access}`)}
            </li>
          );
        })}
      </ul>
      <Card>
        <CardContent className="p-0">
          <Table aria-label={t('pages.adminRoles')}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead scope="col">{t('roles.permission')}</TableHead>
                {ROLES.map((role) => (
                  <TableHead key={role} scope="col" className="w-10 px-1! py-2 text-center align-bottom sm:w-auto sm:px-3!">
                    {/* On a phone the role names stand upright so that every role column fits beside the permissions. */}
                    <span className="inline-block max-sm:rotate-180 max-sm:[writing-mode:vertical-rl]">{t(`common:roles.${role}`)}</span>
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {keys.map((key) => {
                const permission: Permission = PERMISSIONS[key];
                return (
                  <TableRow key={key}>
                    <TableHead scope="row" className="font-normal whitespace-normal! text-foreground">
                      {t(`roles.permissions.${key.replace('.', '_')}`)}
                      {permission.roles === 'public' ? <span className="ml-2 text-xs text-muted-foreground">({t('roles.public')})</span> : null}
                    </TableHead>
                    {ROLES.map((role) => {
                      const access = accessFor(permission, role);
                      const Icon = ICONS[access];
                      return (
                        <TableCell key={role} className="px-1! text-center sm:px-3!">
                          <Icon className={`mx-auto size-4 ${STYLES[access]}`} aria-hidden />
                          <span className="sr-only">{t(`roles.access.${access}`)}</span>
                        </TableCell>
                      );
                    })}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </PageShell>
  );
}
