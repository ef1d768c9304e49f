import { LocalizedLink } from '@/i18n/localized-link';
import { cn } from '@/lib/cn';
import type { ArticleSummary } from '../api/get-articles';
import { ArticleMeta } from './article-meta';

/** An article in a list: the whole card is one link, named by the title. */
export function ArticleCard({
  article,
  featured = false,
  headingLevel = 2,
}: {
  article: ArticleSummary;
  featured?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-card border border-neutral-200 bg-surface shadow-card transition-shadow hover:shadow-raised',
        featured && 'lg:col-span-3 lg:grid lg:grid-cols-[3fr_2fr]',
      )}
    >
      <div className="aspect-[40/21] overflow-hidden bg-brand-50">
        <img
          src={article.cover}
          alt=""
          width={1200}
          height={630}
          loading={featured ? 'eager' : 'lazy'}
          decoding="async"
          className="size-full object-cover transition-transform duration-300 motion-safe:group-hover:scale-[1.02]"
        />
      </div>
      <div className={cn('flex flex-1 flex-col p-5 sm:p-6', featured && 'lg:justify-center lg:p-10')}>
        {article.tags.length > 0 ? (
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
            {article.tags.slice(0, 2).join(' · ')}
          </p>
        ) : null}
        <Heading
          className={cn(
            'mt-2 font-bold text-neutral-900 group-hover:text-brand-800',
            featured ? 'text-2xl sm:text-3xl' : 'text-lg',
          )}
        >
          <LocalizedLink
            to={`/blog/${article.slug}`}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {article.title}
          </LocalizedLink>
        </Heading>
        <p className={cn('mt-2 flex-1 leading-relaxed text-neutral-600', featured ? 'text-base' : 'text-sm')}>
          {article.summary}
        </p>
        <ArticleMeta date={article.date} minutes={article.readingMinutes} className="mt-4" />
      </div>
    </article>
  );
}

export function ArticleCardSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-card border border-neutral-200 bg-surface">
      <div className="aspect-[40/21] animate-pulse bg-neutral-200/80" />
      <div className="flex flex-col gap-3 p-6">
        <div className="h-3 w-24 animate-pulse rounded bg-neutral-200/80" />
        <div className="h-5 w-4/5 animate-pulse rounded bg-neutral-200/80" />
        <div className="h-4 w-full animate-pulse rounded bg-neutral-200/80" />
      </div>
    </div>
  );
}
