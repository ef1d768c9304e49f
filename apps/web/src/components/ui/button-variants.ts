import { cn } from '@/lib/cn';

export const BUTTON_VARIANTS = [
  'default',
  'destructive',
  'outline',
  'secondary',
  'ghost',
  'link',
  'edit',
  'delete',
] as const;
export const BUTTON_SIZES = ['default', 'sm', 'lg', 'icon'] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
export type ButtonSize = (typeof BUTTON_SIZES)[number];

// spec §9: variants default, destructive, outline, secondary, ghost, link, edit, delete.
const variantClasses: Record<ButtonVariant, string> = {
  default: 'bg-brand-700 text-white shadow-card hover:bg-brand-800 active:bg-brand-900',
  destructive: 'bg-error-600 text-white shadow-card hover:bg-error-700 active:bg-error-800',
  outline: 'border border-neutral-300 bg-surface text-neutral-800 hover:border-neutral-400 hover:bg-neutral-50',
  secondary: 'bg-accent-100 text-accent-800 hover:bg-accent-200',
  ghost: 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900',
  link: 'h-auto px-0 text-brand-700 underline-offset-4 hover:underline',
  edit: 'border border-brand-200 bg-brand-50 text-brand-800 hover:bg-brand-100',
  delete: 'border border-error-200 bg-error-50 text-error-700 hover:bg-error-100',
};

const sizeClasses: Record<ButtonSize, string> = {
  default: 'h-11 px-5 text-sm',
  sm: 'h-9 px-3.5 text-sm',
  lg: 'h-12 px-7 text-base',
  icon: 'size-11 p-0',
};

export function buttonVariants({
  variant = 'default',
  size = 'default',
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}): string {
  return cn(
    'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-control font-semibold transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
    'disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60',
    '[&_svg]:size-4 [&_svg]:shrink-0',
    sizeClasses[size],
    variantClasses[variant],
    className,
  );
}
