import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A placeholder block shown while content loads; hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      data-slot="skeleton"
      className={cn('animate-pulse rounded-control bg-neutral-200/80', className)}
      {...props}
    />
  );
}
