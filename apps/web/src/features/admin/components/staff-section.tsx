import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { LocalizedLink } from '@/i18n/localized-link';

/** A titled panel of a staff case page (a reservation's story, a dispute). */
export function StaffSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-card border border-neutral-200 bg-white p-5">
      <h2 className="text-base font-semibold text-neutral-900">{title}</h2>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}

/** The way back from a staff case page to its list; the arrow points back in either direction. */
export function StaffBackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <LocalizedLink to={to} className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {children}
    </LocalizedLink>
  );
}
