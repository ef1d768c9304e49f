import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { numberFormat } from '@/lib/formatting';

/** Page numbers around the current one, with gaps: 1 … 4 5 6 … 12. */
export function pageWindow(page: number, pageCount: number): Array<number | 'gap'> {
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((item) => item >= 1 && item <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const result: Array<number | 'gap'> = [];
  for (const item of sorted) {
    const previous = result.at(-1);
    if (typeof previous === 'number' && item - previous > 1) result.push('gap');
    result.push(item);
  }
  return result;
}

export function Pagination({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('discovery');
  const locale = useLocale();
  if (pageCount <= 1) return null;
  const number = (value: number) => numberFormat(locale).format(value);
  return (
    <nav aria-label={t('pagination.label')} className="flex flex-wrap items-center justify-center gap-1.5">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
        {t('pagination.previous')}
      </Button>
      <ul className="hidden items-center gap-1 sm:flex">
        {pageWindow(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own.
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-neutral-500">
              …
            </li>
          ) : (
            <li key={item}>
              <Button
                variant={item === page ? 'default' : 'ghost'}
                size="sm"
                className={cn('min-w-9 px-2')}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: number(item) })}
                onClick={() => onPage(item)}
              >
                {number(item)}
              </Button>
            </li>
          ),
        )}
      </ul>
      <span className="px-2 text-sm text-neutral-600 sm:hidden">
        {t('pagination.status', { page: number(page), pageCount: number(pageCount) })}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {t('pagination.next')}
        <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
      </Button>
    </nav>
  );
}
