import { MESSAGE_TEXT_MAX } from '@marco/contract/messaging-limits';
import { SendHorizontal } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

type MessageComposerProps = {
  onSend: (text: string) => void;
  onTyping: () => void;
  disabled?: boolean;
};

/** Enter sends, Shift+Enter makes a new line; the box grows with the text up to a few lines. */
export function MessageComposer({ onSend, onTyping, disabled }: MessageComposerProps) {
  const { t } = useTranslation('messages');
  const [text, setText] = useState('');
  const ref = useRef<HTMLTextAreaElement>(null);
  const counterId = useId();
  const trimmed = text.trim();
  const left = MESSAGE_TEXT_MAX - text.length;

  const resize = () => {
    const box = ref.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${Math.min(box.scrollHeight, 160)}px`;
  };

  const submit = () => {
    if (!trimmed || trimmed.length > MESSAGE_TEXT_MAX || disabled) return;
    onSend(trimmed);
    setText('');
    requestAnimationFrame(resize);
    ref.current?.focus();
  };

  return (
    <form
      className="border-t border-neutral-200 bg-surface px-3 py-3 sm:px-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex items-end gap-2">
        <textarea
          ref={ref}
          rows={1}
          value={text}
          maxLength={MESSAGE_TEXT_MAX}
          dir="auto"
          aria-label={t('composer.label')}
          aria-describedby={left <= 200 ? counterId : undefined}
          placeholder={t('composer.placeholder')}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            resize();
            if (event.target.value.trim()) onTyping();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
          className="block max-h-40 min-h-11 flex-1 resize-none rounded-control border border-neutral-300 bg-surface px-3.5 py-2.5 text-base leading-6 text-neutral-900 placeholder:text-neutral-400 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40 sm:text-sm"
        />
        <Button
          type="submit"
          size="icon"
          className="size-11 shrink-0"
          disabled={!trimmed || disabled}
          aria-label={t('composer.send')}
        >
          <SendHorizontal aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        </Button>
      </div>
      {left <= 200 ? (
        <p id={counterId} className={cn('mt-1 text-end text-xs', left < 0 ? 'text-error-700' : 'text-neutral-500')}>
          {t('composer.charactersLeft', { count: Math.max(0, left) })}
        </p>
      ) : null}
    </form>
  );
}
