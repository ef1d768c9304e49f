import { createContext, useContext } from 'react';

/** spec §3: success (green), error (red), warning (yellow), info (blue); anything else looks default. */
export type ToastColor = 'success' | 'error' | 'warning' | 'info' | (string & {});

export type ToastOptions = {
  title: string;
  description?: string;
  color?: ToastColor;
  /** Milliseconds before the toast closes by itself; 0 keeps it until closed. Default 5000 (spec §9). */
  timeout?: number;
};

export type ToastRecord = Required<Pick<ToastOptions, 'title' | 'timeout'>> &
  Pick<ToastOptions, 'description' | 'color'> & { id: string };

export type ToastApi = {
  toast: (options: ToastOptions) => string;
  dismiss: (id: string) => void;
};

export const DEFAULT_TOAST_TIMEOUT_MS = 5000;

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>.');
  return api;
}
