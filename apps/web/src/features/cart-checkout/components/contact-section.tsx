import { useId } from 'react';
import { Link } from 'react-router';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { useFieldText } from '@/lib/field-text';
import type { SessionUser } from '@/lib/session';
import { CheckoutSection } from './checkout-section';
import type { CheckoutValues } from './checkout-form-schema';

/** Signed in: who orders, read-only, with a way out. A visitor: the email for the order's mails, a phone, or sign in. */
export function ContactSection({ user, onSwitchAccount }: { user: SessionUser | null; onSwitchAccount?: () => void }) {
  const { t } = useTranslation('commerce');
  const message = useFieldText();
  const uid = useId();
  const {
    register,
    formState: { errors },
  } = useFormContext<CheckoutValues>();
  return (
    <CheckoutSection step={1} title={t('checkout.contact.title')}>
      {() =>
        user ? (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField id={`${uid}-name`} label={t('checkout.contact.name')} value={user.fullname} readOnly className="bg-muted" />
              <TextField id={`${uid}-email`} label={t('checkout.contact.email')} value={user.email} readOnly className="bg-muted" />
            </div>
            {onSwitchAccount ? (
              <p className="text-sm text-muted-foreground">
                {t('checkout.contact.notYou', { name: user.fullname })}{' '}
                <Button variant="link" size="inline" className="inline" onClick={onSwitchAccount}>
                  {t('checkout.contact.switchAccount')}
                </Button>
              </p>
            ) : null}
          </>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              {t('checkout.contact.guest')}{' '}
              <Link to="/login?redirect=%2Fcheckout" className="font-medium text-primary underline-offset-4 hover:underline">
                {t('checkout.contact.signIn')}
              </Link>
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                id={`${uid}-email`}
                label={t('checkout.contact.email')}
                type="email"
                autoComplete="email"
                hint={t('checkout.contact.emailHint')}
                error={message(errors.email?.message)}
                {...register('email')}
              />
              <TextField
                id={`${uid}-phone`}
                label={t('checkout.contact.phone')}
                type="tel"
                autoComplete="tel"
                hint={t('checkout.contact.phoneHint')}
                error={message(errors.phone?.message)}
                {...register('phone')}
              />
            </div>
          </>
        )
      }
    </CheckoutSection>
  );
}
