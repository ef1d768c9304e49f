import type { Dispute } from '@marco/contract/disputes';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useFeedback } from '@/features/guides/hooks/use-feedback';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';

export const formatAt = (locale: string, iso: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** Open or resolved, as a pill. */
export function CaseStatusPill({ status }: { status: Dispute['status'] }) {
  const { t } = useTranslation('disputes');
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-3 py-0.5 text-sm font-semibold',
        status === 'open' ? 'bg-amber-100 text-amber-900' : 'bg-emerald-100 text-emerald-900',
      )}
    >
      {t(`status.${status}`)}
    </span>
  );
}

/** The case's messages, oldest first; each author's text sets its own direction. */
export function CaseMessages({ dispute }: { dispute: Dispute }) {
  const { t } = useTranslation('disputes');
  const locale = useLocale();
  if (dispute.messages.length === 0) return <p className="text-sm text-neutral-600">{t('messages.empty')}</p>;
  return (
    <ol className="flex flex-col gap-3" aria-label={t('messages.title')}>
      {dispute.messages.map((message) => (
        <li
          key={message.id}
          className={cn(
            'rounded-card border p-3 text-sm',
            message.author.role === 'staff' ? 'border-brand-200 bg-brand-50' : 'border-neutral-200 bg-white',
          )}
        >
          <p className="text-xs text-neutral-600">
            <span className="font-semibold text-neutral-900">
              <bdi>{message.author.name || t(`role.${message.author.role}`)}</bdi>
            </span>{' '}
            · {t(`role.${message.author.role}`)} ·{' '}
            <time dateTime={message.createdAt}>{formatAt(locale, message.createdAt)}</time>
          </p>
          <p dir="auto" className="mt-1 whitespace-pre-wrap break-words text-neutral-900">
            {message.text}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** The case's photos as thumbnails that open in full. */
export function CasePhotos({ dispute }: { dispute: Dispute }) {
  const { t } = useTranslation('disputes');
  if (dispute.photos.length === 0) return <p className="text-sm text-neutral-600">{t('photos.none')}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {dispute.photos.map((photo, index) => (
        <li key={photo.id}>
          <a href={photo.url} target="_blank" rel="noreferrer" className="block">
            <img
              src={photo.url}
              alt={t('photos.alt', { number: index + 1 })}
              className="size-24 rounded-control border border-neutral-200 object-cover"
              loading="lazy"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A message box under the case; cleared once sent. */
export function CaseReplyForm({
  send,
  isPending,
  error,
}: {
  send: (text: string, done: () => void) => void;
  isPending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation('disputes');
  const id = useId();
  const { describe } = useFeedback();
  const [text, setText] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!text.trim()) return;
    send(text.trim(), () => setText(''));
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <Label htmlFor={`${id}-text`}>{t('messages.write')}</Label>
      <Textarea
        id={`${id}-text`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={2000}
        rows={3}
        required
      />
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {describe(error).title}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" loading={isPending}>
          {t('messages.send')}
        </Button>
      </div>
    </form>
  );
}
