import type { Testimonial } from '@marco/contract/reviews';
import { Quote, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { LocalizedLink } from '@/i18n/localized-link';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { writtenTextProps } from '@/lib/written-language';
import { useTestimonials } from '../api/get-testimonials';

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation('home');
  return (
    <p className="flex items-center gap-0.5">
      <span className="sr-only">{t('testimonials.ratingLabel', { rating })}</span>
      {[1, 2, 3, 4, 5].map((value) => (
        <Star
          key={value}
          aria-hidden="true"
          className={cn('size-4', value <= rating ? 'fill-accent-400 text-accent-500' : 'text-neutral-300')}
        />
      ))}
    </p>
  );
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const { t } = useTranslation('home');
  const locale = useLocale();
  const guide = [testimonial.guide.name, testimonial.guide.surname].filter(Boolean).join(' ');
  const city = testimonial.guide.city?.name;
  const date = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(
    new Date(testimonial.createdAt),
  );

  return (
    <figure className="flex h-full flex-col rounded-card border border-neutral-200 bg-surface p-6 shadow-card">
      <div className="flex items-center justify-between gap-3">
        <Stars rating={testimonial.rating} />
        <Quote aria-hidden="true" className="size-6 text-brand-200 rtl:-scale-x-100" />
      </div>
      {/* Reviews are plain text (contract): rendered as text, never as HTML. */}
      {/* Reviews are written in any language: their own direction, not the page's. */}
      <blockquote
        {...writtenTextProps(testimonial.language)}
        className="mt-4 line-clamp-6 flex-1 leading-relaxed whitespace-pre-line text-neutral-700"
      >
        {testimonial.comment}
      </blockquote>
      <figcaption className="mt-6 border-t border-neutral-100 pt-4 text-sm">
        <span dir="auto" className="block font-semibold text-neutral-900">
          {testimonial.reviewerName}
        </span>
        <span className="mt-0.5 block text-neutral-600">
          <LocalizedLink
            to={`/guides/${encodeURIComponent(testimonial.guide.id)}`}
            className="font-medium text-brand-700 hover:text-brand-900"
          >
            {city ? t('testimonials.withGuideIn', { guide, city }) : t('testimonials.withGuide', { guide })}
          </LocalizedLink>
          <span aria-hidden="true"> · </span>
          <time dateTime={testimonial.createdAt}>{date}</time>
        </span>
      </figcaption>
    </figure>
  );
}

/**
 * spec §2: testimonials, from real reviews only. With no reviews yet (or when they cannot be
 * loaded) the section is left out rather than filled with made-up quotes.
 */
export function TestimonialsSection() {
  const { t } = useTranslation('home');
  const locale = useLocale();
  const query = useTestimonials(locale);
  const testimonials = query.data ?? [];
  if (query.isError || (query.isSuccess && testimonials.length === 0)) return null;

  return (
    <section aria-labelledby="testimonials-title" className="bg-surface py-section">
      <div className="mx-auto max-w-page px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="testimonials-title" className="text-headline font-bold text-neutral-900">
            {t('testimonials.title')}
          </h2>
          <p className="mt-3 text-lg text-neutral-600">{t('testimonials.subtitle')}</p>
        </div>
        {query.isPending ? (
          <ul aria-busy="true" className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((index) => (
              <li key={index}>
                <Skeleton className="h-56 rounded-card" />
              </li>
            ))}
          </ul>
        ) : (
          <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {testimonials.map((testimonial) => (
              <li key={testimonial.id}>
                <TestimonialCard testimonial={testimonial} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
