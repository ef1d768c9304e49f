import { useTranslation } from 'react-i18next';
import { ContentPage } from '@/components/layouts/page-intro';

export function AverageRatePage() {
  const { t } = useTranslation('pages');
  return <ContentPage title={t('averageRate.title')} intro={t('averageRate.intro')} />;
}
