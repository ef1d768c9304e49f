import type { ComponentProps } from 'react';
import { Link, NavLink } from 'react-router';
import { useLocalePath } from './use-locale';

type LocalizedLinkProps = Omit<ComponentProps<typeof Link>, 'to'> & {
  /** An app path without the locale prefix, e.g. `/guides?location=paris` or `/agreements#privacy`. */
  to: string;
};

/** A router link that keeps the current locale prefix. */
export function LocalizedLink({ to, ...props }: LocalizedLinkProps) {
  const localize = useLocalePath();
  return <Link to={localize(to)} {...props} />;
}

type LocalizedNavLinkProps = Omit<ComponentProps<typeof NavLink>, 'to'> & { to: string };

export function LocalizedNavLink({ to, ...props }: LocalizedNavLinkProps) {
  const localize = useLocalePath();
  return <NavLink to={localize(to)} {...props} />;
}
