import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useToast } from '@/components/ui/use-toast';

const OUTCOMES = ['confirmed', 'unsubscribed', 'invalid'] as const;
type Outcome = (typeof OUTCOMES)[number];
const isOutcome = (value: string | null): value is Outcome => OUTCOMES.includes(value as Outcome);

/**
 * The newsletter's confirm and unsubscribe links land on `/{lng}/?newsletter=<outcome>`:
 * says what happened, then drops the parameter so a reload or a shared link says nothing.
 */
export function useNewsletterOutcome() {
  const { t } = useTranslation('newsletter');
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const outcome = params.get('newsletter');

  useEffect(() => {
    if (!isOutcome(outcome)) return;
    toast({
      color: outcome === 'invalid' ? 'error' : 'success',
      title: t(`outcome.${outcome}.title`),
      description: t(`outcome.${outcome}.description`),
    });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('newsletter');
        return next;
      },
      { replace: true },
    );
  }, [outcome, setParams, t, toast]);
}
