import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';

type AuthPageProps = {
  title: string;
  intro?: ReactNode;
  /** Position in a multi-step flow (sign-up: 1 of 4 …). */
  step?: { current: number; total: number };
  children: ReactNode;
  /** Links under the card (log in / sign up instead). */
  footer?: ReactNode;
};

/** The frame of every auth screen: a heading and a card in a narrow, centred column. */
export function AuthPage({ title, intro, step, children, footer }: AuthPageProps) {
  const { t } = useTranslation('auth');
  useDocumentTitle(title);
  return (
    <div className="bg-canvas">
      <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
        {step ? (
          <p className="mb-2 text-sm font-semibold text-brand-700">
            {t('steps.progress', { current: step.current, total: step.total })}
          </p>
        ) : null}
        <h1 className="text-headline font-bold text-neutral-900">{title}</h1>
        {intro ? <div className="mt-3 leading-relaxed text-neutral-600">{intro}</div> : null}
        <Card className="mt-8 p-5 sm:p-8">{children}</Card>
        {footer ? <div className="mt-6 text-center text-sm text-neutral-600">{footer}</div> : null}
      </div>
    </div>
  );
}
