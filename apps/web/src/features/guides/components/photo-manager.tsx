import {
  GUIDE_PHOTO_MAX_BYTES,
  GUIDE_PHOTO_MAX_COUNT,
  GUIDE_PHOTO_TYPES,
  type GuidePhoto,
} from '@marco/contract/guides';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { useDeleteGuidePhoto, useReorderGuidePhotos, useSetCoverPhoto } from '../api/change-guide-photos';
import { useGuidePhotos } from '../api/get-guide-photos';
import { guideKeys } from '../api/keys';
import { uploadGuidePhoto } from '../api/upload-guide-photo';
import { useFeedback } from '../hooks/use-feedback';
import { useUploads } from '../hooks/use-uploads';
import { formatBytes } from '../utils/format';
import { DeleteFileDialog } from './delete-file-dialog';
import { EmptyBlock, QueryState } from './states';
import { UploadField } from './upload/upload-field';

const PHOTO_RULE = { types: GUIDE_PHOTO_TYPES, maxBytes: GUIDE_PHOTO_MAX_BYTES };

/** Guide photos: upload several with progress, reorder, delete, choose the cover. */
export function PhotoManager() {
  const query = useGuidePhotos();
  return <QueryState query={query}>{(photos) => <PhotoGrid photos={photos} />}</QueryState>;
}

function PhotoGrid({ photos }: { photos: GuidePhoto[] }) {
  const { t } = useTranslation('guides');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const reorder = useReorderGuidePhotos();
  const setCover = useSetCoverPhoto();
  const remove = useDeleteGuidePhoto();
  const [pending, setPending] = useState<GuidePhoto | null>(null);
  const uploads = useUploads({
    rule: PHOTO_RULE,
    start: uploadGuidePhoto,
    onUploaded: (photo: GuidePhoto) => {
      queryClient.setQueryData<GuidePhoto[]>(guideKeys.photos, (current) =>
        current?.some((item) => item.id === photo.id) ? current : [...(current ?? []), photo],
      );
      void queryClient.invalidateQueries({ queryKey: guideKeys.photos });
    },
  });
  const ordered = [...photos].sort((a, b) => a.position - b.position);
  const typesLabel = t('upload.photoTypes');
  const isFull = ordered.length + uploads.items.length >= GUIDE_PHOTO_MAX_COUNT;

  const move = (index: number, delta: -1 | 1) => {
    const ids = ordered.map((photo) => photo.id);
    const target = index + delta;
    const [moved] = ids.splice(index, 1);
    if (moved === undefined || target < 0 || target > ids.length) return;
    ids.splice(target, 0, moved);
    reorder.mutate(ids, { onError: (error) => feedback.failed(error) });
  };

  return (
    <div className="flex flex-col gap-4">
      {ordered.length === 0 ? (
        <EmptyBlock title={t('photos.empty')}>{t('photos.emptyHint')}</EmptyBlock>
      ) : (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label={t('photos.listLabel')}>
          {ordered.map((photo, index) => (
            <li
              key={photo.id}
              className={cn(
                'overflow-hidden rounded-card border bg-surface shadow-card',
                photo.isCover ? 'border-brand-500 ring-2 ring-brand-500/40' : 'border-neutral-200',
              )}
            >
              <div className="relative aspect-[4/3] bg-neutral-100">
                <img
                  src={photo.cardUrl}
                  alt={t('photos.alt', { number: index + 1 })}
                  loading="lazy"
                  className="size-full object-cover"
                />
                {photo.isCover ? (
                  <span className="absolute start-2 top-2 inline-flex items-center gap-1 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                    <Star aria-hidden="true" className="size-3 fill-current" />
                    {t('photos.cover')}
                  </span>
                ) : null}
              </div>
              <div className="flex items-center gap-1 p-1.5">
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-9"
                  aria-label={t('photos.moveEarlier', { number: index + 1 })}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, -1)}
                >
                  <ArrowLeft aria-hidden="true" className="rtl:rotate-180" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-9"
                  aria-label={t('photos.moveLater', { number: index + 1 })}
                  disabled={index === ordered.length - 1 || reorder.isPending}
                  onClick={() => move(index, 1)}
                >
                  <ArrowRight aria-hidden="true" className="rtl:rotate-180" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-9"
                  aria-label={t('photos.makeCover', { number: index + 1 })}
                  aria-pressed={photo.isCover}
                  disabled={photo.isCover || setCover.isPending}
                  onClick={() => setCover.mutate(photo.id, { onError: (error) => feedback.failed(error) })}
                >
                  <Star aria-hidden="true" className={cn(photo.isCover && 'fill-current text-brand-700')} />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="ms-auto size-9 text-error-700"
                  aria-label={t('photos.delete', { number: index + 1 })}
                  onClick={() => setPending(photo)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <UploadField
        label={t('photos.choose')}
        hint={t('upload.hintMany', {
          types: typesLabel,
          size: formatBytes(GUIDE_PHOTO_MAX_BYTES, locale),
          max: GUIDE_PHOTO_MAX_COUNT,
        })}
        accept={GUIDE_PHOTO_TYPES}
        multiple
        disabled={isFull}
        onFiles={uploads.add}
        uploads={uploads}
        typesLabel={typesLabel}
        maxBytes={GUIDE_PHOTO_MAX_BYTES}
      />
      <DeleteFileDialog
        file={pending}
        title={t('photos.deleteTitle')}
        description={t('photos.deleteText')}
        remove={remove}
        onClose={() => setPending(null)}
      />
    </div>
  );
}
