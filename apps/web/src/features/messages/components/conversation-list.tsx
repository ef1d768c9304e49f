import type { ConversationSummary } from '@marco/contract/messaging';
import { MessagesSquare, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useUser } from '@/features/auth/hooks/use-user';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { useConversations } from '../api/get-conversations';
import { formatListTime } from '../lib/group-messages';
import { ParticipantAvatar } from './participant-avatar';

function ConversationRow({ row, isActive }: { row: ConversationSummary; isActive: boolean }) {
  const { t } = useTranslation('messages');
  const locale = useLocale();
  const { user } = useUser();
  const name = row.title ?? t('deletedUser');
  const last = row.lastMessage;
  let preview = '';
  if (last?.isDeleted) preview = t('list.deletedMessage');
  else if (last?.text) preview = last.senderId === user?.id ? t('list.you', { text: last.text }) : last.text;
  const hasUnread = row.unreadCount > 0;
  return (
    <li>
      <LocalizedLink
        to={`/messages/${row.id}`}
        aria-current={isActive ? 'page' : undefined}
        data-testid="conversation-row"
        className={cn(
          'flex items-center gap-3 rounded-card px-3 py-3 transition-colors hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-brand-500',
          isActive && 'bg-brand-50 hover:bg-brand-50',
        )}
      >
        <ParticipantAvatar name={row.title} avatarUrl={row.participant.avatarUrl} online={row.participant.online} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn('truncate text-sm text-neutral-900', hasUnread ? 'font-bold' : 'font-semibold')}>
              {name}
            </span>
            {last ? (
              <time dateTime={last.createdAt} className="shrink-0 text-xs text-neutral-500">
                {formatListTime(new Date(last.createdAt), locale, t('chat.yesterday'))}
              </time>
            ) : null}
          </span>
          <span className="mt-0.5 flex items-center justify-between gap-2">
            <span
              className={cn(
                'truncate text-sm',
                last?.isDeleted && 'italic',
                hasUnread ? 'font-medium text-neutral-800' : 'text-neutral-500',
              )}
            >
              {preview}
            </span>
            {hasUnread ? (
              <span
                data-testid="unread-badge"
                className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-bold leading-5 text-white"
              >
                <span aria-hidden="true">{row.unreadCount > 99 ? '99+' : row.unreadCount}</span>
                <span className="sr-only">{t('list.unread', { count: row.unreadCount })}</span>
              </span>
            ) : null}
          </span>
        </span>
      </LocalizedLink>
    </li>
  );
}

/** The caller's conversations with search; highlights `activeId`. */
export function ConversationList({ activeId }: { activeId?: string }) {
  const { t } = useTranslation('messages');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const query = useConversations(deferredSearch);
  const rows = query.data?.pages.flatMap((page) => page.data) ?? [];

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <ul className="space-y-2 px-3" aria-hidden="true">
        {[0, 1, 2, 3].map((index) => (
          <li key={index} className="flex items-center gap-3 py-2">
            <Skeleton className="size-10 rounded-full" />
            <span className="flex-1 space-y-2">
              <Skeleton className="h-3.5 w-2/5" />
              <Skeleton className="h-3 w-4/5" />
            </span>
          </li>
        ))}
      </ul>
    );
  } else if (query.isError) {
    body = (
      <div className="px-4 py-10 text-center">
        <p className="text-sm text-neutral-600">{t('list.loadFailed')}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          {t('list.retry')}
        </Button>
      </div>
    );
  } else if (rows.length === 0 && deferredSearch) {
    body = (
      <p className="px-4 py-10 text-center text-sm text-neutral-600">
        {t('list.noResults', { search: deferredSearch })}
      </p>
    );
  } else if (rows.length === 0) {
    body = (
      <div className="flex flex-col items-center px-6 py-12 text-center" data-testid="messages-empty">
        <span className="mb-4 inline-flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <MessagesSquare aria-hidden="true" className="size-7" />
        </span>
        <h2 className="text-base font-semibold text-neutral-900">{t('list.emptyTitle')}</h2>
        <p className="mt-2 max-w-xs text-sm leading-relaxed text-neutral-600">{t('list.emptyText')}</p>
        <ButtonLink to="/guides" size="sm" className="mt-5">
          {t('list.findGuide')}
        </ButtonLink>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="space-y-0.5 px-2" aria-label={t('list.heading')}>
          {rows.map((row) => (
            <ConversationRow key={row.id} row={row} isActive={row.id === activeId} />
          ))}
        </ul>
        {query.hasNextPage ? (
          <div className="px-4 py-3">
            <Button
              variant="ghost"
              size="sm"
              className="w-full"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t('list.loadMore')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="px-4 pt-5 pb-3">
        <h1 className="text-2xl font-bold text-neutral-900">{t('title')}</h1>
        <div className="relative mt-4">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-neutral-400"
          />
          <Input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            aria-label={t('list.searchLabel')}
            placeholder={t('list.searchPlaceholder')}
            maxLength={100}
            className="ps-9"
          />
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto pb-4">{body}</div>
    </div>
  );
}
