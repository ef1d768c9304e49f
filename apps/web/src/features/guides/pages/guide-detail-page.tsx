import { useTranslation } from 'react-i18next';
import { ContentPage } from '@/components/layouts/page-intro';

export function GuideDetailPage() {
  const { t } = useTranslation('pages');
  return <ContentPage title={t('guideDetail.title')} intro={t('guideDetail.intro')} />;
}
