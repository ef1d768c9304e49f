import type { CreateReview, MyReview, ReviewPhoto } from '@marco/contract/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `POST review-public/upload-photo` (multipart `file`): one photo held for the review to come. */
export function uploadReviewPhoto(file: File): Promise<ReviewPhoto> {
  const body = new FormData();
  body.append('file', file);
  return apiFetch<ReviewPhoto>('review-public/upload-photo', { method: 'POST', body });
}

/** `POST review-public/create`: rates a completed reservation once. */
export function createReview(input: CreateReview): Promise<MyReview> {
  return apiFetch<MyReview>('review-public/create', { method: 'POST', body: input });
}

/** Uploads the photos one by one (they keep their order), then creates the review. */
export async function submitReview(input: Omit<CreateReview, 'photoIds'> & { photos: File[] }): Promise<MyReview> {
  const photoIds: string[] = [];
  for (const photo of input.photos) photoIds.push((await uploadReviewPhoto(photo)).id);
  return createReview({ reservationId: input.reservationId, rating: input.rating, comment: input.comment, photoIds });
}

export function useSubmitReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitReview,
    onSuccess: (review) => {
      // The reservation now shows "review submitted"; the guide's rating moved.
      void queryClient.invalidateQueries({ queryKey: ['reservations'] });
      void queryClient.invalidateQueries({ queryKey: ['reviews'] });
      void queryClient.invalidateQueries({ queryKey: ['guides'] });
      return review;
    },
  });
}
