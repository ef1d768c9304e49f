import type { ReactNode } from 'react';
import { FieldError, Label } from '@/components/ui/input';
import { cn } from '@/lib/cn';

type FormFieldProps = {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Shown at the end of the label row (e.g. 'Forgot your password?'). */
  labelAction?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** The ids a field's control points to with aria-describedby: its hint and its error. */
export function describedBy(id: string, { error, hint }: { error?: string; hint?: ReactNode }): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A label, its control, a hint and the field's error (spec §5: errors show at the field). */
export function FormField({ id, label, error, hint, labelAction, className, children }: FormFieldProps) {
  return (
    <div className={cn('flex flex-col', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        {labelAction}
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-neutral-500">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}
