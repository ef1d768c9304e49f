import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, end-aligned. */
  footer?: ReactNode;
  className?: string;
};

/**
 * A modal dialog on the native <dialog> element: the browser traps focus, closes on
 * Escape and restores focus to the opener. Clicking the backdrop closes it too.
 */
export function Dialog({ open, onClose, title, description, children, footer, className }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // jsdom (tests) has no showModal; the open attribute shows it there.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: only catches clicks on the backdrop; Escape closes the native dialog (cancel event).
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={cn(
        'm-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-panel bg-surface p-0 text-neutral-800 shadow-overlay backdrop:bg-neutral-950/50 motion-safe:animate-fade-in',
        className,
      )}
    >
      <div className="flex items-start gap-4 p-6 pb-0 sm:p-8 sm:pb-0">
        <div className="flex-1">
          <h2 id={titleId} className="text-xl font-bold text-neutral-900">
            {title}
          </h2>
          {description ? (
            <div id={descriptionId} className="mt-2 text-sm leading-relaxed text-neutral-600">
              {description}
            </div>
          ) : null}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('buttons.close')}
          className="-me-2 -mt-1 rounded-control p-2 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="p-6 sm:p-8">{children}</div>
      {footer ? (
        <div className="sticky bottom-0 flex flex-col-reverse gap-2 border-t border-neutral-100 bg-surface p-4 sm:flex-row sm:justify-end sm:px-8">
          {footer}
        </div>
      ) : null}
    </dialog>
  );
}
