import type { NewCalendarFeed } from '@marco/contract/calendars';
import { CalendarSync, Copy, ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/use-toast';
import { useLocale } from '@/i18n/use-locale';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';

function formatDate(iso: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}

/** The address just made: shown this once, to copy or open in a calendar app. */
function NewAddress({ feed }: { feed: NewCalendarFeed }) {
  const { t } = useTranslation('calendars');
  const { toast } = useToast();
  const inputId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(feed.url);
      toast({ title: t('feed.copied'), color: 'success', timeout: 3000 });
    } catch {
      toast({ title: t('feed.failed'), color: 'error' });
    }
  };
  return (
    <div className="flex flex-col gap-3 rounded-card border border-brand-200 bg-brand-50 p-4">
      <label htmlFor={inputId} className="text-sm font-semibold text-brand-900">
        {t('feed.newUrl')}
      </label>
      <input
        id={inputId}
        readOnly
        dir="ltr"
        value={feed.url}
        data-testid="calendar-feed-url"
        onFocus={(event) => event.currentTarget.select()}
        className="w-full rounded-control border border-neutral-300 bg-surface px-3 py-2 font-mono text-xs text-neutral-900"
      />
      <p className="text-sm text-brand-900">{t('feed.shownOnce')}</p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t('feed.copy')}
        </Button>
        <a href={feed.webcalUrl} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <ExternalLink aria-hidden="true" />
          {t('feed.open')}
        </a>
      </div>
    </div>
  );
}

/** Guide settings: a private calendar feed of the guide's reservations (made, replaced, turned off). */
export function CalendarFeedSettings() {
  const { t, ready } = useTranslation('calendars');
  const locale = useLocale();
  const { toast } = useToast();
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [made, setMade] = useState<NewCalendarFeed | null>(null);
  const titleId = useId();
  if (!ready) return null;

  const onCreate = () =>
    create.mutate(locale, {
      onSuccess: setMade,
      onError: () => toast({ title: t('feed.failed'), color: 'error' }),
    });
  const onRevoke = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setMade(null);
        toast({ title: t('feed.revoked'), color: 'success', timeout: 3000 });
      },
      onError: () => toast({ title: t('feed.failed'), color: 'error' }),
    });

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 border-t border-neutral-200 pt-8">
      <div className="flex items-start gap-3">
        <CalendarSync aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <div>
          <h3 id={titleId} className="font-semibold text-neutral-900">
            {t('feed.title')}
          </h3>
          <p className="mt-1 text-sm text-neutral-600">{t('feed.description')}</p>
        </div>
      </div>
      {feed.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          <span className="sr-only" role="status">
            {t('feed.loading')}
          </span>
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-9 w-48" />
        </div>
      ) : feed.isError ? (
        <ErrorNotice
          title={t('feed.loadFailed')}
          description={feed.error.message}
          retryLabel={t('feed.retry')}
          onRetry={() => void feed.refetch()}
        />
      ) : (
        <>
          <div className="text-sm text-neutral-700" data-testid="calendar-feed-state">
            {feed.data.isActive && feed.data.createdAt ? (
              <>
                <p>
                  {t('feed.active', {
                    hint: `…${feed.data.tokenHint ?? ''}`,
                    date: formatDate(feed.data.createdAt, locale),
                  })}
                </p>
                <p className="mt-1 text-neutral-600">
                  {feed.data.lastReadAt
                    ? t('feed.lastRead', { date: formatDate(feed.data.lastReadAt, locale) })
                    : t('feed.neverRead')}
                </p>
              </>
            ) : (
              <p>{t('feed.inactive')}</p>
            )}
          </div>
          {made ? <NewAddress feed={made} /> : null}
          <div className="flex flex-wrap items-center gap-2">
            <Button variant={feed.data.isActive ? 'outline' : 'default'} loading={create.isPending} onClick={onCreate}>
              {feed.data.isActive ? t('feed.replace') : t('feed.create')}
            </Button>
            {feed.data.isActive ? (
              <Button variant="delete" loading={revoke.isPending} onClick={onRevoke}>
                {t('feed.revoke')}
              </Button>
            ) : null}
          </div>
          {feed.data.isActive ? <p className="text-xs text-neutral-500">{t('feed.replaceHint')}</p> : null}
        </>
      )}
    </section>
  );
}
