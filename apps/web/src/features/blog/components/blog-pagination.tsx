import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';

const pageHref = (page: number) => (page === 1 ? '/blog' : `/blog?page=${page}`);

/** Newer/older links between pages of the blog (`?page=`). */
export function BlogPagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useTranslation('blog');
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t('pagination.label')} className="mt-12 flex items-center justify-between gap-4">
      {page > 1 ? (
        <ButtonLink to={pageHref(page - 1)} variant="outline" rel="prev">
          <ArrowLeft aria-hidden="true" className="rtl:rotate-180" />
          {t('pagination.newer')}
        </ButtonLink>
      ) : (
        <span />
      )}
      <p className="text-sm text-neutral-600" aria-current="page">
        {t('pagination.page', { page, total: pageCount })}
      </p>
      {page < pageCount ? (
        <ButtonLink to={pageHref(page + 1)} variant="outline" rel="next">
          {t('pagination.older')}
          <ArrowRight aria-hidden="true" className="rtl:rotate-180" />
        </ButtonLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
