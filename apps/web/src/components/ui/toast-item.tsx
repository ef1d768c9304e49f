import { CircleCheck, CircleX, Info, TriangleAlert, X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { ToastRecord } from './use-toast';

const colorStyles = {
  success: {
    box: 'border-success-200 bg-success-50 text-success-800',
    icon: CircleCheck,
    iconClass: 'text-success-600',
  },
  error: { box: 'border-error-200 bg-error-50 text-error-800', icon: CircleX, iconClass: 'text-error-600' },
  warning: {
    box: 'border-warning-200 bg-warning-50 text-warning-800',
    icon: TriangleAlert,
    iconClass: 'text-warning-600',
  },
  info: { box: 'border-info-200 bg-info-50 text-info-800', icon: Info, iconClass: 'text-info-600' },
} as const;

function styleOf(color: string | undefined) {
  return color && color in colorStyles ? colorStyles[color as keyof typeof colorStyles] : null;
}

export function ToastItem({ toast, onClose }: { toast: ToastRecord; onClose: (id: string) => void }) {
  const { t } = useTranslation();
  const style = styleOf(toast.color);
  const Icon = style?.icon;

  useEffect(() => {
    if (toast.timeout <= 0) return;
    const timer = window.setTimeout(() => onClose(toast.id), toast.timeout);
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.timeout, onClose]);

  return (
    <li
      role="status"
      data-color={toast.color ?? 'default'}
      className={cn(
        'pointer-events-auto flex w-full items-start gap-3 rounded-card border p-4 shadow-raised motion-safe:animate-toast-in',
        style?.box ?? 'border-neutral-200 bg-surface text-neutral-800',
      )}
    >
      {Icon ? <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', style?.iconClass)} /> : null}
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => onClose(toast.id)}
        aria-label={t('toast.close')}
        className="-me-1 -mt-1 rounded-control p-1 opacity-70 transition hover:bg-black/5 hover:opacity-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
