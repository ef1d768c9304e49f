import { isLocale } from '@marco/contract/locales';
import { Rss } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { data, type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { usePageMeta } from '@/hooks/use-page-meta';
import { useLocale } from '@/i18n/use-locale';
import type { PrefetchHandle } from '@/ssr/prefetch';
import {
  type ArticleSummary,
  articlesQueryOptions,
  pageCountOf,
  paginate,
  parsePageParam,
  useArticles,
} from '../api/get-articles';
import { ArticleCard, ArticleCardSkeleton } from '../components/article-card';
import { BlogPagination } from '../components/blog-pagination';

/** `?page=` that is not a page of this locale's blog is not found. */
export function blogPageLoader({ request, params }: LoaderFunctionArgs) {
  if (!isLocale(params.lng)) return null;
  const page = parsePageParam(new URL(request.url).searchParams.get('page'));
  if (page === null || page > pageCountOf(params.lng)) throw data(null, { status: 404 });
  return null;
}

/** The articles the list pages through, for the server to fetch first (ssr/prefetch.ts). */
export const blogPageHandle: PrefetchHandle = {
  prefetch: ({ queryClient, locale }) => queryClient.prefetchQuery(articlesQueryOptions(locale)),
};

export const feedHref = (locale: string) => `/${locale}/blog/rss.xml`;

export function BlogList({ articles, page }: { articles: readonly ArticleSummary[]; page: number }) {
  const paged = paginate(articles, page);
  return (
    <>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {paged.items.map((article, index) => {
          const isFeatured = paged.page === 1 && index === 0;
          return (
            <li key={article.slug} className={isFeatured ? 'sm:col-span-2 lg:col-span-3' : undefined}>
              <ArticleCard article={article} featured={isFeatured} />
            </li>
          );
        })}
      </ul>
      <BlogPagination page={paged.page} pageCount={paged.pageCount} />
    </>
  );
}

export function BlogPage() {
  const { t } = useTranslation('blog');
  const locale = useLocale();
  const [searchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get('page')) ?? 1;
  const articles = useArticles(locale);
  const feed = { href: feedHref(locale), title: t('rss.title') };

  usePageMeta({
    title: page > 1 ? t('titleWithPage', { page }) : t('title'),
    description: t('intro'),
    locale,
    feed,
    image: articles.data?.[0]?.cover.replace(/\.svg$/, '.png'),
  });

  return (
    <PageShell>
      <PageIntro
        title={t('title')}
        intro={t('intro')}
        actions={
          <a
            href={feed.href}
            type="application/rss+xml"
            className="inline-flex items-center gap-2 text-sm font-semibold text-accent-700 hover:text-accent-800"
          >
            <Rss aria-hidden="true" className="size-4" />
            {t('rss.link')}
          </a>
        }
      />
      <div className="mt-12">
        {articles.data ? (
          articles.data.length > 0 ? (
            <BlogList articles={articles.data} page={page} />
          ) : (
            <p className="text-neutral-600">{t('empty')}</p>
          )
        ) : articles.isError ? (
          <p role="alert" className="text-error-700">
            {t('loadFailed')}
          </p>
        ) : (
          <div role="status" aria-label={t('loading')} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((item) => (
              <ArticleCardSkeleton key={item} />
            ))}
          </div>
        )}
      </div>
    </PageShell>
  );
}
