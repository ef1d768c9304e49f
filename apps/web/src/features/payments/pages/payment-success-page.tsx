import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { ButtonLink } from '@/components/ui/button-link';

export function PaymentSuccessPage() {
  const { t } = useTranslation('pages');
  return (
    <PageShell>
      <CircleCheck aria-hidden="true" className="mb-6 size-12 text-success-600" />
      <PageIntro
        title={t('paymentSuccess.title')}
        intro={t('paymentSuccess.intro')}
        actions={<ButtonLink to="/reservations">{t('paymentSuccess.action')}</ButtonLink>}
      />
    </PageShell>
  );
}
