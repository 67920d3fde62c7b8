import { useState, type ComponentProps, type ReactNode } from 'react';
import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

type Props = Omit<ComponentProps<'input'>, 'id' | 'type'> & {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
};

export function PasswordField({ id, label, error, hint, ...inputProps }: Props) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <div className="relative">
        <Input type={visible ? 'text' : 'password'} className="pr-11" {...fieldAria(id, error, !!hint)} {...inputProps} />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={visible ? t('actions.hidePassword') : t('actions.showPassword')}
          aria-controls={id}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          {visible ? <EyeOffIcon className="size-4" aria-hidden /> : <EyeIcon className="size-4" aria-hidden />}
        </button>
      </div>
    </Field>
  );
}
