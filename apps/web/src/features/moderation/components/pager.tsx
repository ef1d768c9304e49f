import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Previous / next under a paged staff list; nothing when everything fits on one page. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('moderation');
  if (pages <= 1) return null;
  return (
    <div className="mt-6 flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('queue.previous')}
      </Button>
      <span className="text-sm text-neutral-600">{t('queue.pageOf', { page, pages })}</span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('queue.next')}
      </Button>
    </div>
  );
}

/** A date and time in the reader's locale, for staff lists. */
export const formatWhen = (locale: string, value: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
