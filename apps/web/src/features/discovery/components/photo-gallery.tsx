import type { GuidePhoto } from '@marco/contract/guides';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { numberFormat } from '@/lib/formatting';

/**
 * The guide's photos: a scroller on a phone, a grid from there up; each opens a lightbox
 * (a modal dialog: focus stays inside, Escape closes, arrow keys move between photos).
 */
export function PhotoGallery({ photos, guideName }: { photos: GuidePhoto[]; guideName: string }) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const [open, setOpen] = useState<number | null>(null);
  const count = photos.length;
  const number = (value: number) => numberFormat(locale).format(value);
  const isRtl = locale === 'ar';

  useEffect(() => {
    if (open === null) return;
    const onKey = (event: KeyboardEvent) => {
      // Arrows follow the reading direction: in Arabic the next photo is on the left.
      const forward = isRtl ? 'ArrowLeft' : 'ArrowRight';
      const backward = isRtl ? 'ArrowRight' : 'ArrowLeft';
      if (event.key === forward) setOpen((index) => (index === null ? index : (index + 1) % count));
      if (event.key === backward) setOpen((index) => (index === null ? index : (index - 1 + count) % count));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, count, isRtl]);

  if (count === 0) return null;
  const current = open === null ? null : photos[open];
  const label = (index: number) =>
    t('gallery.photoOf', { name: guideName, index: number(index + 1), count: number(count) });

  return (
    <>
      <ul
        className={cn(
          '-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:snap-none sm:overflow-visible sm:px-0 sm:pb-0',
          count === 1 ? 'sm:grid-cols-1' : 'sm:grid-cols-3',
        )}
      >
        {photos.map((photo, index) => (
          <li
            key={photo.id}
            className={cn(
              'w-4/5 shrink-0 snap-start sm:w-auto',
              index === 0 && count > 2 && 'sm:col-span-2 sm:row-span-2',
            )}
          >
            <button
              type="button"
              onClick={() => setOpen(index)}
              aria-label={label(index)}
              className="block size-full overflow-hidden rounded-card bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              <img
                src={index === 0 ? photo.galleryUrl : photo.cardUrl}
                alt=""
                loading={index === 0 ? 'eager' : 'lazy'}
                decoding="async"
                width={photo.width}
                height={photo.height}
                className={cn(
                  'aspect-[4/3] size-full object-cover transition-transform hover:scale-[1.02]',
                  count === 1 && 'sm:aspect-[16/9]',
                )}
              />
            </button>
          </li>
        ))}
      </ul>
      <Dialog
        open={current !== null && current !== undefined}
        onClose={() => setOpen(null)}
        title={open === null ? '' : label(open)}
        className="max-w-5xl"
      >
        {current ? (
          <div className="flex flex-col gap-4">
            <img
              src={current.galleryUrl}
              alt={label(open ?? 0)}
              width={current.width}
              height={current.height}
              className="max-h-[70dvh] w-full rounded-card bg-neutral-950 object-contain"
            />
            {count > 1 ? (
              <div className="flex items-center justify-between gap-3">
                <Button variant="outline" onClick={() => setOpen((index) => ((index ?? 0) - 1 + count) % count)}>
                  <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
                  {t('gallery.previous')}
                </Button>
                <span className="text-sm text-neutral-600" aria-live="polite">
                  {t('gallery.position', { index: number((open ?? 0) + 1), count: number(count) })}
                </span>
                <Button variant="outline" onClick={() => setOpen((index) => ((index ?? 0) + 1) % count)}>
                  {t('gallery.next')}
                  <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}
      </Dialog>
    </>
  );
}
