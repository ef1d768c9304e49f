import { cn } from '@/lib/cn';

/** The Marco "M" mark (the favicon's shape), decorative. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={cn('size-8', className)}>
      <rect width="64" height="64" rx="14" className="fill-brand-700" />
      <path
        d="M14 47V18.5c0-1.2 1.5-1.8 2.3-.9L32 35l15.7-17.4c.8-.9 2.3-.3 2.3.9V47"
        fill="none"
        stroke="#fff"
        strokeWidth="6.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
