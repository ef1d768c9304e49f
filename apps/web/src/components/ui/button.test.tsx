import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { BUTTON_SIZES, BUTTON_VARIANTS } from './button-variants';

describe('Button', () => {
  it.each(BUTTON_VARIANTS)('renders the %s variant with its own look', (variant) => {
    render(<Button variant={variant}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('data-variant', variant);
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
  });

  it('gives every variant a distinct class list', () => {
    render(
      <div>
        {BUTTON_VARIANTS.map((variant) => (
          <Button key={variant} variant={variant}>
            {variant}
          </Button>
        ))}
      </div>,
    );
    const classLists = BUTTON_VARIANTS.map((variant) => screen.getByRole('button', { name: variant }).className);
    expect(new Set(classLists).size).toBe(BUTTON_VARIANTS.length);
  });

  it.each(BUTTON_SIZES)('renders the %s size', (size) => {
    render(
      <Button size={size} aria-label="Action">
        A
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Action' })).toHaveAttribute('data-size', size);
  });

  it('is a non-submitting button unless told otherwise', () => {
    render(<Button>Go</Button>);
    expect(screen.getByRole('button', { name: 'Go' })).toHaveAttribute('type', 'button');
  });

  it('when loading is disabled, busy, dimmed and shows a spinner', () => {
    const { container } = render(<Button loading>Pay</Button>);
    const button = screen.getByRole('button', { name: 'Pay' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button.className).toContain('disabled:opacity-60');
    expect(container.querySelector('[data-slot="spinner"]')).toBeInTheDocument();
  });
});
