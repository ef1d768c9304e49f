import { CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { ButtonLink } from '@/components/ui/button-link';

export function PaymentFailedPage() {
  const { t } = useTranslation('pages');
  return (
    <PageShell>
      <CircleX aria-hidden="true" className="mb-6 size-12 text-error-600" />
      <PageIntro
        title={t('paymentFailed.title')}
        intro={t('paymentFailed.intro')}
        actions={<ButtonLink to="/reservations">{t('paymentFailed.action')}</ButtonLink>}
      />
    </PageShell>
  );
}
