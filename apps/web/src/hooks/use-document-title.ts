import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to "<page> · Marco" (or just "Marco" while the title is empty). */
export function useDocumentTitle(pageTitle: string | undefined): void {
  const { t } = useTranslation();
  const title = pageTitle ? t('documentTitle', { page: pageTitle }) : t('brand.name');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
