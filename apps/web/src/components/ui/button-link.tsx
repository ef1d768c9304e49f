import type { ComponentProps } from 'react';
import { LocalizedLink } from '@/i18n/localized-link';
import { type ButtonSize, type ButtonVariant, buttonVariants } from './button-variants';

type ButtonLinkProps = ComponentProps<typeof LocalizedLink> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
};

/** A link styled as a button; `to` is an app path without the locale prefix. */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <LocalizedLink className={buttonVariants({ variant, size, className })} {...props} />;
}
