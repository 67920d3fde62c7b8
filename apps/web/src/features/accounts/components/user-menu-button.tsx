import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import type { SessionUser } from '@/lib/session';

type ButtonProps = ComponentProps<typeof Button> & { user: SessionUser };

/** The avatar trigger, shared by the light first render and the lazily loaded dropdown. */
export function UserMenuButton({ user, ...props }: ButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      variant="ghost"
      size="iconRound"
      aria-label={t('account.menuFor', { name: user.fullname })}
      aria-haspopup="menu"
      {...props}
    >
      <Avatar name={user.fullname} src={user.image} size="sm" />
    </Button>
  );
}
