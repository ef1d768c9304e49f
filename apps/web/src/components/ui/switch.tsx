import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

type SwitchProps = Omit<ComponentProps<'input'>, 'type' | 'role'>;

/** An on/off control: a real checkbox (keyboard, forms, labels) shown as a switch; mirrors in RTL. */
export function Switch({ className, checked, ...props }: SwitchProps) {
  return (
    <span className={cn('relative inline-flex h-6 w-11 shrink-0', className)}>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
        {...props}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 rounded-full bg-neutral-300 transition-colors peer-checked:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 peer-disabled:opacity-60"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute start-0.5 top-0.5 size-5 rounded-full bg-white shadow-card transition-transform peer-checked:translate-x-5 rtl:peer-checked:-translate-x-5"
      />
    </span>
  );
}
