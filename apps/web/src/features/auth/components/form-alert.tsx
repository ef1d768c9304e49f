import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  error: { box: 'border-error-200 bg-error-50 text-error-800', icon: CircleAlert, iconClass: 'text-error-600' },
  success: {
    box: 'border-success-200 bg-success-50 text-success-800',
    icon: CircleCheck,
    iconClass: 'text-success-600',
  },
  info: { box: 'border-info-200 bg-info-50 text-info-800', icon: Info, iconClass: 'text-info-600' },
} as const;

type FormAlertProps = {
  tone?: keyof typeof tones;
  title: string;
  children?: ReactNode;
  className?: string;
};

/** An outcome message above or inside a form (failed login, locked account …). */
export function FormAlert({ tone = 'error', title, children, className }: FormAlertProps) {
  const style = tones[tone];
  const Icon = style.icon;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-3 rounded-control border p-3.5 text-sm', style.box, className)}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', style.iconClass)} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        {children ? <div className="mt-0.5 leading-relaxed opacity-90">{children}</div> : null}
      </div>
    </div>
  );
}
