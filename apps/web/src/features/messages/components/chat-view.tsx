import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, MessageSquareDashed, Trash2 } from 'lucide-react';
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/use-toast';
import { useUser } from '@/features/auth/hooks/use-user';
import { ReportButton } from '@/features/moderation/components/report-button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale, useLocalePath } from '@/i18n/use-locale';
import { isApiError } from '@/lib/api-client';
import { describeError } from '@/lib/describe-error';
import { deleteConversation } from '../api/delete-conversation';
import { deleteMessage } from '../api/delete-message';
import { type ChatMessage, useConversation } from '../api/get-conversation';
import { markConversationAsRead } from '../api/mark-conversation-as-read';
import { messagesKeys } from '../api/query-keys';
import { useSendMessage } from '../hooks/use-send-message';
import { useIsTyping, useSendTyping } from '../hooks/use-typing';
import { patchOwnRead, upsertMessage } from '../lib/cache';
import { formatDayHeading, groupByDay } from '../lib/group-messages';
import { MessageBubble } from './message-bubble';
import { MessageComposer } from './message-composer';
import { ParticipantAvatar } from './participant-avatar';

function useIsDocumentVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/** The chat with one person: messages by day, live updates, optimistic sending, read ticks. */
export function ChatView({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('messages');
  const { t: tCommon } = useTranslation();
  const locale = useLocale();
  const localize = useLocalePath();
  const navigate = useNavigate();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const { user } = useUser();
  const me = user?.id ?? '';
  const query = useConversation(conversationId);
  const { send, retry, discard } = useSendMessage(conversationId, me);
  const sendTyping = useSendTyping(conversationId);
  const isVisible = useIsDocumentVisible();
  const [messageToDelete, setMessageToDelete] = useState<ChatMessage | null>(null);
  const [isConfirmingConversation, setConfirmingConversation] = useState(false);
  const [isDeleting, setDeleting] = useState(false);

  const first = query.data?.pages[0];
  const participant = first?.participant;
  const name = participant ? (participant.name ?? t('deletedUser')) : '';
  useDocumentTitle(name || t('title'));
  const isTyping = useIsTyping(conversationId, participant?.userId);
  // Pages come newest first; the chat reads oldest first.
  const ordered = (query.data?.pages.flatMap((page) => page.messages) ?? []).slice().reverse();
  const groups = groupByDay(ordered);
  const latestIncoming = ordered.findLast((message) => message.senderId !== me && !message.isDeleted);
  const ownLastReadAt = first?.lastReadAt ?? null;

  // Reading the chat marks it read (only while the tab is visible).
  useEffect(() => {
    if (!latestIncoming || !isVisible) return;
    if (ownLastReadAt && latestIncoming.createdAt <= ownLastReadAt) return;
    const timer = setTimeout(() => {
      markConversationAsRead(conversationId).then(
        (read) => {
          patchOwnRead(queryClient, conversationId, read.lastReadAt);
          void queryClient.invalidateQueries({ queryKey: messagesKeys.unreadCount() });
          void queryClient.invalidateQueries({ queryKey: messagesKeys.lists() });
        },
        () => {},
      );
    }, 250);
    return () => clearTimeout(timer);
  }, [latestIncoming, ownLastReadAt, isVisible, conversationId, queryClient]);

  // Scrolling: start at the newest; keep the place when older messages load above; follow
  // new messages when already at the bottom (or when they are our own).
  const scrollRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const snapshot = useRef<{ oldest?: string; newest?: string; height: number; top: number } | null>(null);
  const oldestId = ordered[0]?.id;
  const newest = ordered.at(-1);
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box || query.isPending) return;
    const before = snapshot.current;
    if (!before) {
      box.scrollTop = box.scrollHeight;
    } else if (oldestId !== before.oldest && newest?.id === before.newest) {
      box.scrollTop = box.scrollHeight - before.height + before.top;
    } else if (newest?.id !== before.newest) {
      const wasAtBottom = before.height - before.top - box.clientHeight < 160;
      if (wasAtBottom || newest?.senderId === me) box.scrollTop = box.scrollHeight;
    }
    snapshot.current = { oldest: oldestId, newest: newest?.id, height: box.scrollHeight, top: box.scrollTop };
  }, [oldestId, newest?.id, newest?.senderId, me, query.isPending]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const sentinel = topRef.current;
    const box = scrollRef.current;
    if (!sentinel || !box || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { root: box, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const confirmDeleteMessage = async () => {
    if (!messageToDelete) return;
    setDeleting(true);
    try {
      upsertMessage(queryClient, await deleteMessage(messageToDelete.id));
      void queryClient.invalidateQueries({ queryKey: messagesKeys.lists() });
      setMessageToDelete(null);
    } catch (error) {
      toast({ ...describeError(error, tCommon), color: 'error' });
    } finally {
      setDeleting(false);
    }
  };

  const confirmDeleteConversation = async () => {
    setDeleting(true);
    try {
      await deleteConversation(conversationId);
      queryClient.removeQueries({ queryKey: messagesKeys.conversation(conversationId) });
      void queryClient.invalidateQueries({ queryKey: messagesKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: messagesKeys.unreadCount() });
      setConfirmingConversation(false);
      void navigate(localize('/messages'));
    } catch (error) {
      toast({ ...describeError(error, tCommon), color: 'error' });
    } finally {
      setDeleting(false);
    }
  };

  if (query.isPending) {
    return (
      <div className="flex flex-1 items-center justify-center text-brand-700">
        <Spinner label={t('chat.loading')} />
      </div>
    );
  }
  if (query.isError || !first || !participant) {
    const isMissing = isApiError(query.error) && query.error.status === 404;
    return (
      <div className="flex flex-1 flex-col items-center justify-center px-6 text-center">
        <h2 className="text-lg font-semibold text-neutral-900">
          {isMissing ? t('chat.notFoundTitle') : t('chat.loadFailed')}
        </h2>
        {isMissing ? <p className="mt-2 text-sm text-neutral-600">{t('chat.notFoundText')}</p> : null}
        <LocalizedLink to="/messages" className="mt-5 text-sm font-semibold text-brand-700 hover:underline">
          {t('chat.back')}
        </LocalizedLink>
      </div>
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b border-neutral-200 bg-surface px-3 py-3 sm:px-4">
        <LocalizedLink
          to="/messages"
          aria-label={t('chat.back')}
          className="-ms-1 inline-flex size-10 items-center justify-center rounded-full text-neutral-700 hover:bg-neutral-100 lg:hidden"
        >
          <ArrowLeft aria-hidden="true" className="size-5 rtl:rotate-180" />
        </LocalizedLink>
        <ParticipantAvatar name={participant.name} avatarUrl={participant.avatarUrl} online={participant.online} />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-base font-semibold text-neutral-900" data-testid="chat-title">
            {name}
          </h1>
          <p className="truncate text-xs text-neutral-500" aria-live="polite" data-testid="chat-status">
            {isTyping ? (
              <span className="font-medium text-brand-700">{t('chat.typing', { name: participant.name ?? name })}</span>
            ) : participant.online ? (
              t('presence.online')
            ) : (
              t('presence.offline')
            )}
          </p>
        </div>
        {participant.isDeleted ? null : (
          <ReportButton targetType="user" targetId={participant.userId} compact className="size-10 justify-center" />
        )}
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('chat.deleteConversation')}
          title={t('chat.deleteConversation')}
          onClick={() => setConfirmingConversation(true)}
        >
          <Trash2 aria-hidden="true" className="size-5 text-neutral-500" />
        </Button>
      </header>

      <div
        ref={scrollRef}
        className="min-h-0 flex-1 overflow-y-auto bg-neutral-50 px-3 py-4 sm:px-6"
        data-testid="chat-scroll"
      >
        <div ref={topRef} />
        {isFetchingNextPage ? (
          <div className="flex justify-center py-2 text-brand-700">
            <Spinner label={t('chat.loadingOlder')} />
          </div>
        ) : null}
        {!hasNextPage && ordered.length > 0 ? (
          <p className="py-2 text-center text-xs text-neutral-500">{t('chat.beginning')}</p>
        ) : null}
        {ordered.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center px-6 text-center" data-testid="chat-empty">
            <span className="mb-4 inline-flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <MessageSquareDashed aria-hidden="true" className="size-7" />
            </span>
            <h2 className="text-base font-semibold text-neutral-900">{t('chat.emptyTitle')}</h2>
            <p className="mt-2 max-w-xs text-sm leading-relaxed text-neutral-600">{t('chat.emptyText', { name })}</p>
          </div>
        ) : (
          <ol className="space-y-1.5" aria-label={t('chat.label', { name })}>
            {groups.map((group) => (
              <Fragment key={group.key}>
                <li className="sticky top-0 z-10 flex justify-center py-2" aria-hidden="false">
                  <span className="rounded-full bg-surface/95 px-3 py-1 text-xs font-medium text-neutral-600 shadow-xs ring-1 ring-neutral-200">
                    {formatDayHeading(group.date, locale, { today: t('chat.today'), yesterday: t('chat.yesterday') })}
                  </span>
                </li>
                {group.items.map((message) => (
                  <MessageBubble
                    key={message.clientMessageId ?? message.id}
                    message={message}
                    isOwn={message.senderId === me}
                    isRead={Boolean(participant.lastReadAt && message.createdAt <= participant.lastReadAt)}
                    onRetry={(failed) => void retry(failed)}
                    onDiscard={discard}
                    onDelete={setMessageToDelete}
                  />
                ))}
              </Fragment>
            ))}
          </ol>
        )}
      </div>

      <MessageComposer onSend={(text) => void send(text)} onTyping={sendTyping} disabled={participant.isDeleted} />

      <Dialog
        open={messageToDelete !== null}
        onClose={() => setMessageToDelete(null)}
        title={t('chat.deleteMessageTitle')}
        description={t('chat.deleteMessageText')}
        footer={
          <>
            <Button variant="outline" onClick={() => setMessageToDelete(null)}>
              {t('chat.cancel')}
            </Button>
            <Button variant="destructive" loading={isDeleting} onClick={() => void confirmDeleteMessage()}>
              {t('chat.confirmDelete')}
            </Button>
          </>
        }
      />
      <Dialog
        open={isConfirmingConversation}
        onClose={() => setConfirmingConversation(false)}
        title={t('chat.deleteConversationTitle')}
        description={t('chat.deleteConversationText', { name })}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirmingConversation(false)}>
              {t('chat.cancel')}
            </Button>
            <Button variant="destructive" loading={isDeleting} onClick={() => void confirmDeleteConversation()}>
              {t('chat.confirmDelete')}
            </Button>
          </>
        }
      />
    </div>
  );
}
