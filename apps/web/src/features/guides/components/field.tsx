import type { ReactNode } from 'react';
import { FieldError, Label } from '@/components/ui/input';
import { cn } from '@/lib/cn';

type FieldProps = {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: string;
  className?: string;
  children: ReactNode;
};

/** The ids a control points to with aria-describedby: its hint and its error. */
export function describedBy(id: string, { error, hint }: { error?: string; hint?: ReactNode }): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A label, its control, a hint and the field's error. */
export function Field({ id, label, error, hint, optional, className, children }: FieldProps) {
  return (
    <div className={cn('flex min-w-0 flex-col', className)}>
      <Label htmlFor={id}>
        {label}
        {optional ? <span className="ms-1.5 font-normal text-neutral-500">({optional})</span> : null}
      </Label>
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

/** A group of checkboxes or radios with a legend and one error for the group. */
export function FieldSet({
  legend,
  error,
  hint,
  className,
  children,
}: {
  legend: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={cn('min-w-0', className)}>
      <legend className="mb-1.5 text-sm font-medium text-neutral-700">{legend}</legend>
      {hint ? <p className="mb-2 text-sm text-neutral-500">{hint}</p> : null}
      {children}
      {error ? <FieldError role="alert">{error}</FieldError> : null}
    </fieldset>
  );
}
