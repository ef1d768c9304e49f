import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const controlClasses =
  'block h-11 w-full rounded-control border border-neutral-300 bg-surface px-3.5 text-base text-neutral-900 shadow-xs transition-colors placeholder:text-neutral-400 hover:border-neutral-400 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40 disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:text-neutral-600 aria-invalid:border-error-500 sm:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(controlClasses, className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or nest the control.
  return <label className={cn('mb-1.5 block text-sm font-medium text-neutral-700', className)} {...props} />;
}

export function FieldError({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('mt-1.5 text-sm text-error-700', className)} {...props} />;
}
