import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { controlClasses } from './input';

export function Textarea({ className, rows = 5, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea rows={rows} className={cn(controlClasses, 'h-auto min-h-28 resize-y py-2.5', className)} {...props} />
  );
}
