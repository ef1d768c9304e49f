import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/render';
import { NotFoundPage } from './not-found';

describe('NotFoundPage', () => {
  it('shows the 404 texts and a link to the home page of the locale', () => {
    renderWithRouter(<NotFoundPage />, { path: '/de/nothing-here' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('The page you are looking for does not exist or has been moved.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/de/');
  });
});
