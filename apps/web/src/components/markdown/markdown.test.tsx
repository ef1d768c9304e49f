import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/render';
import { classifyHref, Markdown } from './markdown';

describe('Markdown', () => {
  it('escapes HTML instead of rendering it', () => {
    const { container } = renderWithRouter(
      <Markdown
        source={'<script>window.hacked = true</script>\n\nHi <b onclick="x()">there</b> <img src=x onerror=alert(1)>'}
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('<script>window.hacked = true</script>')).toBeInTheDocument();
    expect(screen.getByText(/Hi <b onclick="x\(\)">there<\/b>/)).toBeInTheDocument();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('renders headings, lists and emphasis as elements, app links under the locale', () => {
    renderWithRouter(
      <Markdown
        source={'## Refunds\n\n- **Free** cancellation up to [24 hours](/policy/cancellation) before\n- Read *more*'}
      />,
      { path: '/tr/agreements' },
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Refunds' })).toHaveAttribute('id', 'refunds');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Free').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: '24 hours' })).toHaveAttribute('href', '/tr/policy/cancellation');
  });

  it('shifts heading levels under a section', () => {
    renderWithRouter(<Markdown source="## Scope" headingOffset={1} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Scope' })).toBeInTheDocument();
  });

  it('turns script and data links into plain text', () => {
    renderWithRouter(
      <Markdown source="[click](javascript:alert(1)) [data](data:text/html,x) [web](https://example.org)" />,
    );
    expect(screen.queryByRole('link', { name: 'click' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'data' })).toBeNull();
    expect(screen.getByText(/click/)).toBeInTheDocument();
    const web = screen.getByRole('link', { name: 'web' });
    expect(web).toHaveAttribute('rel', 'noopener noreferrer');
    expect(web).toHaveAttribute('target', '_blank');
  });

  it('classifies links', () => {
    expect(classifyHref('/blog')).toBe('app');
    expect(classifyHref('//evil.example')).toBe('unsafe');
    expect(classifyHref('#privacy')).toBe('anchor');
    expect(classifyHref('mailto:privacy@example.org')).toBe('contact');
    expect(classifyHref('JavaScript:alert(1)')).toBe('unsafe');
    expect(classifyHref('vbscript:x')).toBe('unsafe');
  });
});
