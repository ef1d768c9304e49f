import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '@/app/routes';
import { renderRoutes, renderWithRouter } from '@/testing/render';
import type { ArticleSummary } from '../api/get-articles';
import { BlogList } from './blog-page';

// Pages and their Markdown load lazily; the first article of a busy parallel run transforms the
// whole Markdown pipeline, which took more than 5 s in a CI run.
const LOAD = { timeout: 10_000 };

const articles: ArticleSummary[] = Array.from({ length: 8 }, (_, index) => ({
  slug: `article-${index + 1}`,
  title: `Article number ${index + 1}`,
  date: `2026-10-${String(20 - index).padStart(2, '0')}`,
  cover: '/blog/covers/rome.svg',
  summary: 'A summary long enough to read like a real one.',
  tags: ['Tips'],
  readingMinutes: 3,
}));

const titles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('blog list', () => {
  it('shows the first six articles and a link to the older ones', () => {
    renderWithRouter(<BlogList articles={articles} page={1} />, { path: '/en/blog' });
    expect(titles()).toEqual(articles.slice(0, 6).map((article) => article.title));
    const pages = screen.getByRole('navigation', { name: 'Blog pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('link', { name: 'Older articles' })).toHaveAttribute('href', '/en/blog?page=2');
    expect(within(pages).queryByRole('link', { name: 'Newer articles' })).toBeNull();
  });

  it('shows the rest on page two, linking back to page one', () => {
    renderWithRouter(<BlogList articles={articles} page={2} />, { path: '/de/blog?page=2' });
    expect(titles()).toEqual(['Article number 7', 'Article number 8']);
    expect(screen.getByRole('link', { name: 'Newer articles' })).toHaveAttribute('href', '/de/blog');
  });

  it('has no page links when everything fits on one page', () => {
    renderWithRouter(<BlogList articles={articles.slice(0, 6)} page={1} />, { path: '/en/blog' });
    expect(screen.queryByRole('navigation', { name: 'Blog pages' })).toBeNull();
  });
});

describe('blog pages', () => {
  it('lists the repository articles and announces the RSS feed and Open Graph tags', async () => {
    renderRoutes(createAppRoutes(), '/en/blog');
    expect(await screen.findByRole('heading', { level: 1, name: 'The Marco blog' }, LOAD)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'How request-to-book works on Marco' }, LOAD)).toHaveAttribute(
      'href',
      '/en/blog/how-request-to-book-works',
    );
    const feed = document.head.querySelector('link[rel="alternate"][type="application/rss+xml"]');
    expect(feed).toHaveAttribute('href', '/en/blog/rss.xml');
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute('content', 'The Marco blog');
    expect(document.title).toBe('The Marco blog · Marco');
  });

  it('shows an article with its cover, date and reading time', async () => {
    renderRoutes(createAppRoutes(), '/en/blog/how-request-to-book-works');
    const title = await screen.findByRole('heading', { level: 1, name: 'How request-to-book works on Marco' }, LOAD);
    const header = title.closest('header') as HTMLElement;
    expect(within(header).getByText('October 28, 2026')).toHaveAttribute('datetime', '2026-10-28');
    expect(within(header).getByText(/^\d+ min read$/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Step 1: choose the date and hours' })).toBeInTheDocument();
    expect(document.head.querySelector('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(
      /\/blog\/covers\/request-to-book\.png$/,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'More from the blog' }, LOAD)).toBeInTheDocument();
  });

  it('shows the not-found page for an unknown article and an unknown page', async () => {
    renderRoutes(createAppRoutes(), '/en/blog/no-such-article');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' }, LOAD)).toBeInTheDocument();
  });

  it('shows the not-found page for a blog page that does not exist', async () => {
    renderRoutes(createAppRoutes(), '/en/blog?page=40');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' }, LOAD)).toBeInTheDocument();
  });
});
