import { Mail } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/use-toast';
import { useLocale } from '@/i18n/use-locale';
import { describeError } from '@/lib/describe-error';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';
import { useNewsletterOutcome } from '../hooks/use-newsletter-outcome';

export function NewsletterForm() {
  const { t } = useTranslation('newsletter');
  const { t: tCommon } = useTranslation();
  const { toast } = useToast();
  const locale = useLocale();
  const inputId = useId();
  const descriptionId = useId();
  const [email, setEmail] = useState('');
  const subscription = useSubscribeNewsletter();
  useNewsletterOutcome();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    subscription.mutate(
      { email: address, locale },
      {
        onSuccess: ({ status }) => {
          setEmail('');
          if (status === 'pending') {
            toast({
              color: 'success',
              title: t('pendingTitle'),
              description: t('pendingDescription', { email: address }),
            });
          } else {
            toast({
              color: 'success',
              title: t('subscribedTitle'),
              description: t('subscribedDescription', { email: address }),
            });
          }
        },
        onError: (error) => {
          toast({ color: 'error', ...describeError(error, tCommon) });
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} aria-describedby={descriptionId} className="w-full">
      <h2 className="text-base font-semibold text-white">{t('title')}</h2>
      <p id={descriptionId} className="mt-2 text-sm text-brand-100/80">
        {t('description')}
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          {t('emailLabel')}
        </label>
        <div className="relative flex-1">
          <Mail
            aria-hidden="true"
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-neutral-400"
          />
          <Input
            id={inputId}
            type="email"
            name="email"
            required
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder={t('emailPlaceholder')}
            className="border-transparent ps-9"
          />
        </div>
        <Button
          type="submit"
          variant="secondary"
          loading={subscription.isPending}
          className="bg-accent-400 text-neutral-950 hover:bg-accent-300"
        >
          {t('submit')}
        </Button>
      </div>
    </form>
  );
}
