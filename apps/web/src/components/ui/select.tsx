import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { controlClasses } from './input';

type SelectProps = ComponentProps<'select'> & {
  /** Classes of the wrapper (width, margins); `className` styles the select itself. */
  wrapperClassName?: string;
};

/** A styled native select: accessible, mobile-friendly and direction-aware. */
export function Select({ className, wrapperClassName, children, ...props }: SelectProps) {
  return (
    <div className={cn('relative', wrapperClassName)}>
      <select className={cn(controlClasses, 'cursor-pointer appearance-none pe-10', className)} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-neutral-500"
      />
    </div>
  );
}
