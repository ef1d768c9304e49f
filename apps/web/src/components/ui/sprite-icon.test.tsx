import { render } from '@testing-library/react';
import { Heart, Star } from 'lucide-react';
import { describe, expect, it } from 'vitest';

describe('an icon from the sprite', () => {
  it("uses its symbol, with lucide's classes and the caller's, hidden from assistive technology", () => {
    const { container } = render(<Star className="size-4 text-accent-400" />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('class')).toBe('lucide lucide-star size-4 text-accent-400');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.querySelector('use')?.getAttribute('href')).toMatch(/\/assets\/icons(-[\w-]+)?\.svg#Star$/);
    // The library's defaults come from app/styles.css: nothing but what differs is written out.
    for (const name of ['width', 'height', 'fill', 'stroke', 'stroke-width', 'viewBox', 'xmlns']) {
      expect(svg?.hasAttribute(name)).toBe(false);
    }
  });

  it('keeps the size, colour, fill and stroke width it is given, and a label', () => {
    const { container } = render(
      <Heart size={20} color="red" fill="currentColor" strokeWidth={0} aria-label="Saved" role="img" />,
    );
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('width')).toBe('20');
    expect(svg?.getAttribute('height')).toBe('20');
    expect(svg?.getAttribute('stroke')).toBe('red');
    expect(svg?.getAttribute('fill')).toBe('currentColor');
    expect(svg?.getAttribute('stroke-width')).toBe('0');
    expect(svg?.getAttribute('aria-label')).toBe('Saved');
    expect(svg?.hasAttribute('aria-hidden')).toBe(false);
  });
});
