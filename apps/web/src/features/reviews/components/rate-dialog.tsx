import {
  REVIEW_COMMENT_MAX,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTO_MAX_COUNT,
  REVIEW_PHOTO_TYPES,
} from '@marco/contract/reviews';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/use-toast';
import { useDescribeError } from '@/features/reservations/hooks/use-describe-error';
import { useSubmitReview } from '../api/create-review';
import { StarRatingInput } from './star-rating-input';

type Picked = { file: File; url: string };

/** Rate a completed reservation: 1–5 stars, a comment and up to 5 photos (spec §2, §3). */
export function RateDialog({
  reservationId,
  guideName,
  open,
  onClose,
}: {
  reservationId: string;
  guideName: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('reservations');
  const describe = useDescribeError();
  const id = useId();
  const { toast } = useToast();
  const submit = useSubmitReview();
  const fileInput = useRef<HTMLInputElement>(null);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [photos, setPhotos] = useState<Picked[]>([]);
  const [errors, setErrors] = useState<{ rating?: string; photos?: string }>({});

  // Previews are object URLs: free them when they go.
  const previews = useRef(photos);
  previews.current = photos;
  useEffect(
    () => () => {
      for (const photo of previews.current) URL.revokeObjectURL(photo.url);
    },
    [],
  );

  const addFiles = (files: FileList | null) => {
    if (!files) return;
    const accepted: Picked[] = [];
    let problem: string | undefined;
    for (const file of Array.from(files)) {
      if (!(REVIEW_PHOTO_TYPES as readonly string[]).includes(file.type)) problem = t('rate.errors.photoType');
      else if (file.size > REVIEW_PHOTO_MAX_BYTES) problem = t('rate.errors.photoSize');
      else if (photos.length + accepted.length >= REVIEW_PHOTO_MAX_COUNT)
        problem = t('rate.errors.photoCount', { max: REVIEW_PHOTO_MAX_COUNT });
      else accepted.push({ file, url: URL.createObjectURL(file) });
    }
    setPhotos((current) => [...current, ...accepted]);
    setErrors((current) => ({ ...current, photos: problem }));
  };

  const remove = (index: number) =>
    setPhotos((current) => {
      const photo = current[index];
      if (photo) URL.revokeObjectURL(photo.url);
      return current.filter((_, position) => position !== index);
    });

  const send = () => {
    if (rating < 1) {
      setErrors((current) => ({ ...current, rating: t('rate.errors.rating') }));
      return;
    }
    submit.mutate(
      { reservationId, rating, comment: comment.trim(), photos: photos.map((photo) => photo.file) },
      {
        onSuccess: () => {
          toast({ title: t('rate.done'), color: 'success' });
          onClose();
        },
        onError: (error) => toast({ ...describe(error), color: 'error' }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('rate.title', { name: guideName })}
      description={t('rate.description')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('rate.later')}
          </Button>
          <Button loading={submit.isPending} onClick={send} data-testid="submit-review">
            {t('rate.submit')}
          </Button>
        </>
      }
    >
      <StarRatingInput
        value={rating}
        onChange={(value) => {
          setRating(value);
          setErrors((current) => ({ ...current, rating: undefined }));
        }}
        invalid={Boolean(errors.rating)}
        describedBy={errors.rating ? `${id}-rating-error` : undefined}
      />
      {errors.rating ? <FieldError id={`${id}-rating-error`}>{errors.rating}</FieldError> : null}
      <div className="mt-5">
        <Label htmlFor={`${id}-comment`}>
          {t('rate.comment')} <span className="font-normal text-neutral-500">({t('wizard.optional')})</span>
        </Label>
        <Textarea
          id={`${id}-comment`}
          rows={4}
          maxLength={REVIEW_COMMENT_MAX}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
      <div className="mt-5">
        <p className="mb-2 text-sm font-medium text-neutral-700">{t('rate.photos', { max: REVIEW_PHOTO_MAX_COUNT })}</p>
        <ul className="flex flex-wrap gap-2">
          {photos.map((photo, index) => (
            <li key={photo.url} className="relative">
              <img
                src={photo.url}
                alt={t('rate.photoAlt', { number: index + 1 })}
                className="size-20 rounded-control object-cover"
              />
              <button
                type="button"
                onClick={() => remove(index)}
                aria-label={t('rate.removePhoto', { number: index + 1 })}
                className="absolute -end-2 -top-2 rounded-full bg-neutral-900 p-1 text-white shadow"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
          {photos.length < REVIEW_PHOTO_MAX_COUNT ? (
            <li>
              <button
                type="button"
                onClick={() => fileInput.current?.click()}
                className="flex size-20 flex-col items-center justify-center gap-1 rounded-control border border-dashed border-neutral-300 text-xs text-neutral-600 hover:border-brand-400 hover:bg-brand-50"
              >
                <ImagePlus aria-hidden="true" className="size-5" />
                {t('rate.addPhoto')}
              </button>
            </li>
          ) : null}
        </ul>
        <input
          ref={fileInput}
          type="file"
          accept={REVIEW_PHOTO_TYPES.join(',')}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="review-photo-input"
          onChange={(event) => {
            addFiles(event.target.files);
            event.target.value = '';
          }}
        />
        {errors.photos ? <FieldError>{errors.photos}</FieldError> : null}
      </div>
    </Dialog>
  );
}
