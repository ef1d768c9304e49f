import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { LocalizedLink } from '@/i18n/localized-link';

/** A "back to the list" link above a detail page; the arrow mirrors in right-to-left locales. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <LocalizedLink
      to={to}
      className="mb-8 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-900"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {children}
    </LocalizedLink>
  );
}
