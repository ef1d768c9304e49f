import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/layouts/back-link';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';

export function ReservationDetailPage() {
  const { t } = useTranslation('pages');
  return (
    <PageShell>
      <BackLink to="/reservations">{t('reservationDetail.backToReservations')}</BackLink>
      <PageIntro title={t('reservationDetail.title')} intro={t('reservationDetail.intro')} />
    </PageShell>
  );
}
