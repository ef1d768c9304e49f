import { type ReactNode, useId } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

type SettingsSectionProps = {
  id?: string;
  title: string;
  description?: string;
  /** 'danger' for irreversible actions. */
  tone?: 'default' | 'danger';
  children: ReactNode;
};

/** One settings section: a card with a heading, reachable as `/settings#<id>`. */
export function SettingsSection({ id, title, description, tone = 'default', children }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-24">
      <Card className={cn(tone === 'danger' && 'border-error-200')}>
        <div className="border-b border-neutral-100 px-5 py-4 sm:px-6">
          <h2
            id={headingId}
            className={cn('text-lg font-semibold', tone === 'danger' ? 'text-error-700' : 'text-neutral-900')}
          >
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm leading-relaxed text-neutral-600">{description}</p> : null}
        </div>
        <div className="p-5 sm:p-6">{children}</div>
      </Card>
    </section>
  );
}
