import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_TOAST_TIMEOUT_MS,
  type ToastApi,
  ToastContext,
  type ToastOptions,
  type ToastRecord,
} from './use-toast';

const MAX_VISIBLE_TOASTS = 5;

type ToastItemModule = typeof import('./toast-item');
let toastItemModule: ToastItemModule | null = null;
const loadToastItem = () =>
  import('./toast-item').then((module) => {
    toastItemModule = module;
    return module;
  });

/** Holds the toasts and renders their region at the bottom end of the screen (spec §2). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<ToastRecord[]>([]);
  const nextId = useRef(0);
  // The toasts' look is not part of the first paint: it loads right after it.
  const [itemModule, setItemModule] = useState(toastItemModule);

  useEffect(() => {
    if (itemModule) return;
    let isCurrent = true;
    void loadToastItem().then((module) => {
      if (isCurrent) setItemModule(module);
    });
    return () => {
      isCurrent = false;
    };
  }, [itemModule]);

  const dismiss = useCallback((id: string) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const toast = useCallback((options: ToastOptions) => {
    nextId.current += 1;
    const id = `toast-${nextId.current}`;
    const record: ToastRecord = {
      id,
      title: options.title,
      description: options.description,
      color: options.color,
      timeout: options.timeout ?? DEFAULT_TOAST_TIMEOUT_MS,
    };
    setToasts((current) => [...current, record].slice(-MAX_VISIBLE_TOASTS));
    return id;
  }, []);

  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext value={api}>
      {children}
      <section
        aria-label={t('toast.region')}
        aria-live="polite"
        className="pointer-events-none fixed inset-x-4 bottom-4 z-50 sm:start-auto sm:end-6 sm:bottom-6 sm:w-96"
      >
        <ol className="flex flex-col gap-3">
          {itemModule
            ? toasts.map((item) => <itemModule.ToastItem key={item.id} toast={item} onClose={dismiss} />)
            : null}
        </ol>
      </section>
    </ToastContext>
  );
}
