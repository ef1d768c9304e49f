import { Check, ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { controlClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';

export interface DisclosureLink {
  key: string;
  href: string;
  label: ReactNode;
  isCurrent: boolean;
  /** The language the label is written in (and the linked page's, for a language). */
  lang?: string;
  title?: string;
  /** `nofollow` for a link that only sets a preference, which crawlers need not follow. */
  rel?: string;
}

/**
 * A header switcher as it works before the app runs (issue 16): a native `<details>` whose
 * summary looks like the switcher's control and whose list holds a plain link per choice, so a
 * visitor without JavaScript, or one who taps it while the scripts are still on their way, can
 * choose too. The app puts its own control in its place once it has hydrated.
 */
export function LinkDisclosure({
  label,
  icon,
  summary,
  links,
  className,
}: {
  /** What the control chooses, for assistive technology ("Language"). */
  label: string;
  icon?: ReactNode;
  summary: ReactNode;
  links: DisclosureLink[];
  className?: string;
}) {
  return (
    <details className={cn('group/disclosure relative', className)}>
      <summary
        className={cn(
          controlClasses,
          'relative flex h-10 cursor-pointer list-none items-center gap-2 pe-9 text-start text-sm sm:text-sm [&::-webkit-details-marker]:hidden',
          icon ? 'ps-3' : null,
        )}
      >
        <span className="sr-only">{label}: </span>
        {icon}
        {summary}
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-neutral-500 group-open/disclosure:rotate-180 motion-safe:transition-transform"
        />
      </summary>
      {/* In the phone menu the list opens in place; in the wide header it floats below the control. */}
      <ul className="mt-1 rounded-control border border-neutral-200 bg-surface p-1 text-neutral-800 shadow-overlay lg:absolute lg:end-0 lg:top-full lg:z-50 lg:min-w-full">
        {links.map((link) => (
          <li key={link.key}>
            <a
              href={link.href}
              lang={link.lang}
              hrefLang={link.lang}
              title={link.title}
              rel={link.rel}
              aria-current={link.isCurrent ? 'true' : undefined}
              className="relative flex items-center whitespace-nowrap rounded-control py-2 ps-8 pe-3 text-sm hover:bg-brand-50 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-500/40 aria-[current]:font-semibold"
            >
              {link.isCurrent ? (
                <Check aria-hidden="true" className="absolute start-2 top-1/2 size-4 -translate-y-1/2" />
              ) : null}
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
