import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** A password input with a show/hide button at its end. */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const { t } = useTranslation('auth');
  const [isVisible, setVisible] = useState(false);
  const Icon = isVisible ? EyeOff : Eye;
  return (
    <div className="relative">
      <Input {...props} type={isVisible ? 'text' : 'password'} className={cn('pe-12', className)} />
      <button
        type="button"
        onClick={() => setVisible((visible) => !visible)}
        aria-label={isVisible ? t('fields.hidePassword') : t('fields.showPassword')}
        aria-pressed={isVisible}
        className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-control text-neutral-500 hover:text-neutral-800 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <Icon aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
