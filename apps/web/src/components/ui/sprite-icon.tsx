import type { LucideProps } from 'lucide-react';
import { forwardRef } from 'react';

const isLabelled = (props: object) =>
  Object.keys(props).some((prop) => prop.startsWith('aria-') || prop === 'role' || prop === 'title');

/**
 * A lucide-react icon drawn from the sprite (src/dev/icon-sprite-plugin.ts): the library's
 * props and classes, with a `<use>` of the icon's symbol in place of its paths. The library's
 * defaults (24 px, no fill, a stroke of 2 in the text's colour) come from the `.lucide` rules
 * of app/styles.css, so an icon carries only what differs: its classes, and the size, colour,
 * fill or stroke width it is given, as attributes that those rules step aside for.
 */
export function spriteIcon(href: string, iconClasses: string, name: string) {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per icon as its module loads, as lucide's createLucideIcon does
  const Icon = forwardRef<SVGSVGElement, LucideProps>(
    ({ color, size, strokeWidth, absoluteStrokeWidth, className, children, ...rest }, ref) => {
      const width = absoluteStrokeWidth ? (Number(strokeWidth ?? 2) * 24) / Number(size ?? 24) : strokeWidth;
      return (
        // biome-ignore lint/a11y/noSvgWithoutTitle: hidden from assistive technology unless the caller labels it, as lucide's icons
        <svg
          ref={ref}
          {...(size === undefined ? {} : { width: size, height: size })}
          {...(color === undefined ? {} : { stroke: color })}
          {...(width === undefined ? {} : { strokeWidth: width })}
          className={className ? `${iconClasses} ${className}` : iconClasses}
          {...(children || isLabelled(rest) ? {} : { 'aria-hidden': 'true' as const })}
          {...rest}
        >
          <use href={href} />
          {children}
        </svg>
      );
    },
  );
  Icon.displayName = name;
  return Icon;
}
