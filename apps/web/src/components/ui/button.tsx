import type { ComponentProps } from 'react';
import { type ButtonSize, type ButtonVariant, buttonVariants } from './button-variants';
import { Spinner } from './spinner';

type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** spec §4: a loading button is disabled, shows a spinner and is dimmed. */
  loading?: boolean;
};

export function Button({
  variant,
  size,
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      data-variant={variant ?? 'default'}
      data-size={size ?? 'default'}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonVariants({ variant, size, className })}
      {...props}
    >
      {loading ? <Spinner /> : null}
      {children}
    </button>
  );
}
