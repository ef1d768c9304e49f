import type { Testimonial } from '@marco/contract/reviews';
import { screen, waitForElementToBeRemoved } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { TestimonialsSection } from './testimonials-section';

const TESTIMONIALS = 'GET /api/app/review-public/testimonials';

function testimonial(overrides: Partial<Testimonial> = {}): Testimonial {
  return {
    id: crypto.randomUUID(),
    guideId: '0190a000-0000-7000-8000-0000000000aa',
    rating: 5,
    comment: 'Ayşe showed us the Grand Bazaar like a local.',
    language: 'en',
    photos: [],
    reviewerName: 'Maria G.',
    createdAt: '2026-05-12T10:00:00.000Z',
    reply: null,
    guide: {
      id: '0190a000-0000-7000-8000-0000000000aa',
      name: 'Ayşe',
      surname: 'Yılmaz',
      city: { id: '0190a000-0000-7000-8000-0000000000bb', code: 'istanbul', name: 'Istanbul' },
    },
    ...overrides,
  };
}

describe('TestimonialsSection', () => {
  it('quotes real reviews with the reviewer, rating and guide', async () => {
    const fetch = mockFetch({
      [TESTIMONIALS]: { data: [testimonial(), testimonial({ rating: 4, reviewerName: 'Jonas K.' })] },
    });
    renderWithRouter(<TestimonialsSection />, { path: '/en/' });

    expect(await screen.findAllByText('Ayşe showed us the Grand Bazaar like a local.')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'What travellers say' })).toBeInTheDocument();
    expect(screen.getByText('Maria G.')).toBeInTheDocument();
    expect(screen.getByText('5 out of 5 stars')).toBeInTheDocument();
    expect(screen.getByText('4 out of 5 stars')).toBeInTheDocument();
    const [guideLink] = screen.getAllByRole('link', { name: 'with Ayşe Yılmaz in Istanbul' });
    expect(guideLink).toHaveAttribute('href', '/en/guides/0190a000-0000-7000-8000-0000000000aa');
    const url = new URL(String(fetch.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('locale')).toBe('en');
    expect(url.searchParams.get('limit')).toBe('6');
  });

  it('shows a review as text, never as markup', async () => {
    mockFetch({ [TESTIMONIALS]: { data: [testimonial({ comment: '<img src=x onerror=alert(1)> Great day!' })] } });
    const { container } = renderWithRouter(<TestimonialsSection />, { path: '/en/' });
    expect(await screen.findByText('<img src=x onerror=alert(1)> Great day!')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it('is left out while there are no reviews, or when they cannot be loaded', async () => {
    const heading = () => screen.queryByRole('heading', { name: 'What travellers say' });
    mockFetch({ [TESTIMONIALS]: { data: [] } });
    const empty = renderWithRouter(<TestimonialsSection />, { path: '/en/' });
    await waitForElementToBeRemoved(heading);
    empty.unmount();

    mockFetch({ [TESTIMONIALS]: () => jsonResponse({ error: { code: 'NOT_FOUND', message: 'x' } }, { status: 404 }) });
    renderWithRouter(<TestimonialsSection />, { path: '/en/' });
    await waitForElementToBeRemoved(heading);
  });
});
