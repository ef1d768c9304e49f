import { isLocale } from '@marco/contract/locales';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { data, type LoaderFunctionArgs, useParams } from 'react-router';
import { BackLink } from '@/components/layouts/back-link';
import { Markdown } from '@/components/markdown/markdown';
import { ButtonLink } from '@/components/ui/button-link';
import { Skeleton } from '@/components/ui/skeleton';
import { usePageMeta } from '@/hooks/use-page-meta';
import { useLocale } from '@/i18n/use-locale';
import type { PrefetchHandle } from '@/ssr/prefetch';
import {
  type Article,
  articleQueryOptions,
  articlesQueryOptions,
  hasArticle,
  useArticle,
  useArticles,
} from '../api/get-articles';
import { ArticleCard } from '../components/article-card';
import { ArticleMeta } from '../components/article-meta';
import { feedHref } from './blog-page';

/** An article that does not exist in this locale is not found (spec §2: the 404 page). */
export function articlePageLoader({ params }: LoaderFunctionArgs) {
  const slug = params.slug?.trim();
  if (!slug) throw data(null, { status: 404 });
  if (isLocale(params.lng) && !hasArticle(params.lng, slug)) throw data(null, { status: 404 });
  return null;
}

function OtherArticles({ current }: { current: string }) {
  const { t } = useTranslation('blog');
  const locale = useLocale();
  const articles = useArticles(locale);
  const others = (articles.data ?? []).filter((article) => article.slug !== current).slice(0, 3);
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="other-articles" className="mt-20 border-t border-neutral-200 pt-12">
      <h2 id="other-articles" className="text-2xl font-bold text-neutral-900">
        {t('otherArticles')}
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {others.map((article) => (
          <li key={article.slug}>
            <ArticleCard article={article} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ArticleView({ article }: { article: Article }) {
  const { t } = useTranslation('blog');
  const locale = useLocale();
  usePageMeta({
    title: article.title,
    description: article.summary,
    locale,
    type: 'article',
    image: article.cover.replace(/\.svg$/, '.png'),
    publishedTime: article.date,
    tags: article.tags,
    feed: { href: feedHref(locale), title: t('rss.title') },
  });

  return (
    <article>
      <header className="mx-auto max-w-3xl">
        {article.tags.length > 0 ? (
          <ul aria-label={t('tags')} className="flex flex-wrap gap-2">
            {article.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <h1 className="mt-4 text-headline font-bold text-neutral-900">{article.title}</h1>
        <p className="mt-4 text-lg leading-relaxed text-neutral-600">{article.summary}</p>
        <ArticleMeta date={article.date} minutes={article.readingMinutes} className="mt-5" />
      </header>
      <figure className="mx-auto mt-10 max-w-5xl overflow-hidden rounded-panel bg-brand-50 shadow-card">
        <img
          src={article.cover}
          alt=""
          width={1200}
          height={630}
          decoding="async"
          className="aspect-[40/21] w-full object-cover"
        />
      </figure>
      <div className="mx-auto mt-12 max-w-3xl text-lg">
        <Markdown source={article.body} className="text-[1.0625rem] leading-relaxed sm:text-lg" />
      </div>
      <aside className="mx-auto mt-14 flex max-w-3xl flex-col items-start gap-4 rounded-panel bg-brand-900 p-6 text-white sm:flex-row sm:items-center sm:p-8">
        <div className="flex-1">
          <h2 className="text-xl font-bold">{t('cta.title')}</h2>
          <p className="mt-1 text-brand-100/90">{t('cta.text')}</p>
        </div>
        <ButtonLink to="/guides" className="bg-accent-400 text-neutral-950 hover:bg-accent-300">
          <Search aria-hidden="true" />
          {t('cta.button')}
        </ButtonLink>
      </aside>
    </article>
  );
}

/** The article and the list its "other articles" come from, for the server to fetch first (ssr/prefetch.ts). */
export const articlePageHandle: PrefetchHandle = {
  prefetch: ({ queryClient, params, locale }) =>
    Promise.all([
      queryClient.prefetchQuery(articleQueryOptions(locale, params.slug ?? '')),
      queryClient.prefetchQuery(articlesQueryOptions(locale)),
    ]),
};

export function ArticlePage() {
  const { t } = useTranslation('blog');
  const locale = useLocale();
  const { slug = '' } = useParams();
  const article = useArticle(locale, slug);

  return (
    <div className="mx-auto w-full max-w-page px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <BackLink to="/blog">{t('backToBlog')}</BackLink>
      {article.data ? (
        <ArticleView article={article.data} />
      ) : article.isError || article.data === null ? (
        <p role="alert" className="text-error-700">
          {t('loadFailed')}
        </p>
      ) : (
        <div role="status" aria-label={t('loading')} className="mx-auto flex max-w-3xl flex-col gap-4">
          <Skeleton className="h-10 w-4/5" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="mt-6 aspect-[40/21] w-full" />
        </div>
      )}
      <OtherArticles current={slug} />
    </div>
  );
}
