import { MessagesSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useSocketStatus } from '../hooks/use-chat-socket';
import { ConversationList } from './conversation-list';

function ConnectionNotice() {
  const { t } = useTranslation('messages');
  const status = useSocketStatus();
  if (status !== 'reconnecting') return null;
  return (
    <p role="status" className="bg-warning-50 px-4 py-1.5 text-center text-xs font-medium text-warning-800">
      {t('connection.reconnecting')}
    </p>
  );
}

/**
 * Members only (the router guards it). Messages: the list and the chat side by side on a desktop; on a phone one screen at a
 * time (the list at /messages, the chat at /messages/{id}).
 */
export function MessagesLayout({ activeId, children }: { activeId?: string; children?: ReactNode }) {
  const { t } = useTranslation('messages');
  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] w-full max-w-page flex-col lg:px-8 lg:py-6">
      <ConnectionNotice />
      <div className="flex min-h-0 flex-1 overflow-hidden bg-surface lg:rounded-panel lg:border lg:border-neutral-200 lg:shadow-card">
        <aside
          aria-label={t('list.heading')}
          className={cn(
            'min-h-0 w-full flex-col border-neutral-200 lg:flex lg:w-88 lg:shrink-0 lg:border-e',
            activeId ? 'hidden' : 'flex',
          )}
        >
          <ConversationList activeId={activeId} />
        </aside>
        <section className={cn('min-h-0 min-w-0 flex-1 flex-col', activeId ? 'flex' : 'hidden lg:flex')}>
          {children ?? (
            <div className="flex flex-1 flex-col items-center justify-center bg-neutral-50 px-6 text-center">
              <span className="mb-4 inline-flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <MessagesSquare aria-hidden="true" className="size-7" />
              </span>
              <h2 className="text-base font-semibold text-neutral-900">{t('chat.selectTitle')}</h2>
              <p className="mt-2 max-w-xs text-sm text-neutral-600">{t('chat.selectText')}</p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
