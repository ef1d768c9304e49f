import { AlertCircle, Check, CheckCheck, Clock, ShieldCheck, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ReportButton } from '@/features/moderation/components/report-button';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { writtenTextProps } from '@/lib/written-language';
import type { ChatMessage } from '../api/get-conversation';
import { formatTime } from '../lib/group-messages';

type MessageBubbleProps = {
  message: ChatMessage;
  isOwn: boolean;
  /** The other participant has read up to here. */
  isRead: boolean;
  onRetry: (message: ChatMessage) => void;
  onDiscard: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
};

/** One message. Its text is rendered as text (React escapes it), with line breaks kept. */
export function MessageBubble({ message, isOwn, isRead, onRetry, onDiscard, onDelete }: MessageBubbleProps) {
  const { t } = useTranslation('messages');
  const locale = useLocale();
  const time = formatTime(new Date(message.createdAt), locale);
  let state: { icon: React.ReactNode; label: string } | null = null;
  if (isOwn && !message.isDeleted) {
    if (message.status === 'sending') state = { icon: <Clock className="size-3.5" />, label: t('chat.sending') };
    else if (message.status === 'failed')
      state = { icon: <AlertCircle className="size-3.5" />, label: t('chat.failed') };
    else if (isRead) state = { icon: <CheckCheck className="size-3.5" />, label: t('chat.read') };
    else state = { icon: <Check className="size-3.5" />, label: t('chat.sent') };
  }
  const canDelete = isOwn && !message.isDeleted && message.status === undefined;

  return (
    <li
      className={cn('group flex', isOwn ? 'justify-end' : 'justify-start')}
      data-testid="message"
      data-own={isOwn}
      data-status={
        message.isDeleted ? 'deleted' : (message.status ?? (isOwn ? (isRead ? 'read' : 'sent') : 'received'))
      }
    >
      <div className={cn('flex max-w-[85%] items-end gap-1.5 sm:max-w-[70%]', isOwn && 'flex-row-reverse')}>
        <div
          className={cn(
            'rounded-2xl px-3.5 py-2 text-[0.9375rem] leading-relaxed shadow-xs',
            isOwn
              ? 'rounded-ee-md bg-brand-600 text-white'
              : 'rounded-es-md bg-surface text-neutral-900 ring-1 ring-neutral-200',
            message.isDeleted && (isOwn ? 'bg-brand-600/60' : 'bg-neutral-50 text-neutral-500'),
            message.status === 'failed' && 'bg-error-600',
          )}
        >
          {message.isDeleted ? (
            <p className="italic">{t('chat.deletedMessage')}</p>
          ) : (
            <p
              {...writtenTextProps(message.language)}
              className="whitespace-pre-wrap break-words [overflow-wrap:anywhere]"
            >
              {message.text}
            </p>
          )}
          {message.contactMasked && !message.isDeleted ? (
            <p className="mt-1.5 flex items-start gap-1.5 border-neutral-200 border-t pt-1.5 text-neutral-600 text-xs leading-snug">
              <ShieldCheck aria-hidden="true" className="mt-px size-3.5 shrink-0 text-brand-600" />
              <span>{t('chat.contactMasked')}</span>
            </p>
          ) : null}
          <p
            className={cn(
              'mt-0.5 flex items-center justify-end gap-1 text-[0.6875rem]',
              isOwn ? 'text-white/80' : 'text-neutral-500',
            )}
          >
            <time dateTime={message.createdAt}>{time}</time>
            {state ? (
              <span role="img" aria-label={state.label} title={state.label} className={cn(isRead && 'text-brand-100')}>
                {state.icon}
              </span>
            ) : null}
          </p>
        </div>
        {canDelete ? (
          <button
            type="button"
            onClick={() => onDelete(message)}
            aria-label={t('chat.deleteMessage')}
            title={t('chat.deleteMessage')}
            className="mb-1 rounded-full p-1.5 text-neutral-400 opacity-0 transition-opacity hover:bg-neutral-100 hover:text-error-600 focus-visible:opacity-100 group-hover:opacity-100 max-sm:opacity-100"
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        ) : null}
        {!isOwn && !message.isDeleted ? (
          <ReportButton
            targetType="message"
            targetId={message.id}
            compact
            className="mb-1 rounded-full p-1.5 text-neutral-400 opacity-0 transition-opacity focus-visible:opacity-100 group-hover:opacity-100 max-sm:opacity-100"
          />
        ) : null}
      </div>
      {message.status === 'failed' ? (
        <div className="sr-only" aria-live="polite">
          {t('chat.failed')}
        </div>
      ) : null}
      {message.status === 'failed' ? (
        <span className="ms-2 flex shrink-0 flex-col items-start justify-center gap-1 text-xs">
          <button
            type="button"
            className="font-semibold text-error-700 hover:underline"
            onClick={() => onRetry(message)}
          >
            {t('chat.retry')}
          </button>
          <button type="button" className="text-neutral-500 hover:underline" onClick={() => onDiscard(message)}>
            {t('chat.discard')}
          </button>
        </span>
      ) : null}
    </li>
  );
}
