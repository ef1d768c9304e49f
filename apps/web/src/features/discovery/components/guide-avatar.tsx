import { cn } from '@/lib/cn';

/** The first letters of a guide's name, for when there is no picture. */
export function initialsOf(name: string | null, surname: string | null): string {
  return [name, surname]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toLocaleUpperCase();
}

/** A photo, or the initials on the brand colour when the guide has none. */
export function GuidePicture({
  src,
  name,
  surname,
  className,
  sizes,
}: {
  src: string | null;
  name: string | null;
  surname: string | null;
  className?: string;
  sizes?: string;
}) {
  if (src) {
    return (
      <img src={src} alt="" loading="lazy" decoding="async" sizes={sizes} className={cn('object-cover', className)} />
    );
  }
  return (
    <div
      aria-hidden="true"
      className={cn(
        'flex items-center justify-center bg-gradient-to-br from-brand-600 to-brand-800 font-bold text-white',
        className,
      )}
    >
      <span className="text-3xl">{initialsOf(name, surname) || 'M'}</span>
    </div>
  );
}
