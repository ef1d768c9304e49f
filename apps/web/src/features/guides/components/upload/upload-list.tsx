import { CircleAlert, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useLocale } from '@/i18n/use-locale';
import { useFeedback } from '../../hooks/use-feedback';
import type { UploadItem } from '../../hooks/use-uploads';
import { formatBytes } from '../../utils/format';

type UploadListProps = {
  items: UploadItem[];
  onCancel: (id: string) => void;
  onDismiss: (id: string) => void;
  /** The allowed formats and size, for the "wrong type / too large" messages. */
  typesLabel: string;
  maxBytes: number;
};

/** Running and failed uploads: a progress bar and a cancel button each, or the reason it failed. */
export function UploadList({ items, onCancel, onDismiss, typesLabel, maxBytes }: UploadListProps) {
  const { t } = useTranslation('guides');
  const locale = useLocale();
  const { describe } = useFeedback();
  if (items.length === 0) return null;

  const failureText = (item: UploadItem) => {
    if (item.failure === 'type') return t('upload.wrongType', { types: typesLabel });
    if (item.failure === 'size') return t('upload.tooLarge', { size: formatBytes(maxBytes, locale) });
    return describe(item.error).description;
  };

  return (
    <ul className="mt-3 flex flex-col gap-2" aria-label={t('upload.listLabel')}>
      {items.map((item) => {
        const percent = Math.round(item.progress * 100);
        return (
          <li
            key={item.id}
            className="flex items-center gap-3 rounded-control border border-neutral-200 bg-surface px-3 py-2.5"
          >
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-neutral-800" dir="auto">
                {item.name}
              </p>
              {item.status === 'uploading' ? (
                <div className="mt-1.5 flex items-center gap-2">
                  <div
                    role="progressbar"
                    aria-label={t('upload.progressLabel', { name: item.name })}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={percent}
                    className="h-2 flex-1 overflow-hidden rounded-full bg-neutral-200"
                  >
                    <div
                      className="h-full rounded-full bg-brand-600 transition-[width]"
                      style={{ width: `${percent}%` }}
                    />
                  </div>
                  <span className="w-10 text-end text-xs tabular-nums text-neutral-600">{percent}%</span>
                </div>
              ) : (
                <p role="alert" className="mt-1 flex items-start gap-1.5 text-sm text-error-700">
                  <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  {failureText(item)}
                </p>
              )}
            </div>
            {item.status === 'uploading' ? (
              <Button variant="ghost" size="sm" onClick={() => onCancel(item.id)}>
                {t('upload.cancel')}
              </Button>
            ) : (
              <Button
                variant="ghost"
                size="icon"
                className="size-9"
                aria-label={t('upload.dismiss', { name: item.name })}
                onClick={() => onDismiss(item.id)}
              >
                <X aria-hidden="true" />
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
