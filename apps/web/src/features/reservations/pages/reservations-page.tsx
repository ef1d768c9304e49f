import { useTranslation } from 'react-i18next';
import { ContentPage } from '@/components/layouts/page-intro';

export function ReservationsPage() {
  const { t } = useTranslation('pages');
  return <ContentPage title={t('reservations.title')} intro={t('reservations.intro')} />;
}
