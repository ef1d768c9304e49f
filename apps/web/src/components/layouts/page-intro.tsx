import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { cn } from '@/lib/cn';

type PageIntroProps = {
  title: string;
  intro: string;
  eyebrow?: string;
  /** Links or actions under the intro. */
  actions?: ReactNode;
  className?: string;
};

/** The heading block every page starts with; also sets the document title. */
export function PageIntro({ title, intro, eyebrow, actions, className }: PageIntroProps) {
  useDocumentTitle(title);
  return (
    <header className={cn('max-w-3xl', className)}>
      {eyebrow ? <p className="mb-3 text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p> : null}
      <h1 className="text-headline font-bold text-neutral-900">{title}</h1>
      <p className="mt-4 text-lg leading-relaxed text-neutral-600">{intro}</p>
      {actions ? <div className="mt-8 flex flex-wrap items-center gap-3">{actions}</div> : null}
    </header>
  );
}

type PageShellProps = { children: ReactNode; className?: string };

/** Page width and vertical rhythm shared by content pages. */
export function PageShell({ children, className }: PageShellProps) {
  return (
    <div className={cn('mx-auto w-full max-w-page px-4 py-12 sm:px-6 sm:py-16 lg:px-8', className)}>{children}</div>
  );
}

/** A standard page: heading, intro and optional content below. */
export function ContentPage({ children, ...intro }: PageIntroProps & { children?: ReactNode }) {
  return (
    <PageShell>
      <PageIntro {...intro} />
      {children ? <div className="mt-12">{children}</div> : null}
    </PageShell>
  );
}
