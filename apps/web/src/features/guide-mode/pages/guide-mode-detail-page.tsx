import { useTranslation } from 'react-i18next';
import { ContentPage } from '@/components/layouts/page-intro';

export function GuideModeDetailPage() {
  const { t } = useTranslation('pages');
  return <ContentPage title={t('guideModeDetail.title')} intro={t('guideModeDetail.intro')} />;
}
