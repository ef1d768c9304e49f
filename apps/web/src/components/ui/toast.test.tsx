import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from './toast';
import { type ToastOptions, useToast } from './use-toast';

function Trigger({ options }: { options: ToastOptions }) {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toast(options)}>
      Show {options.title}
    </button>
  );
}

async function renderToasts(...list: ToastOptions[]) {
  render(
    <ToastProvider>
      {list.map((options) => (
        <Trigger key={options.title} options={options} />
      ))}
    </ToastProvider>,
  );
  // The toasts' look loads after the first paint.
  await act(() => vi.dynamicImportSettled());
  return (title: string) => fireEvent.click(screen.getByRole('button', { name: `Show ${title}` }));
}

function region() {
  return screen.getByRole('region', { name: 'Notifications' });
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stacks toasts in the order they were shown', async () => {
    const show = await renderToasts(
      { title: 'Saved', color: 'success' },
      { title: 'Failed', description: 'Try again', color: 'error' },
    );
    show('Saved');
    show('Failed');
    const toasts = within(region()).getAllByRole('status');
    expect(toasts).toHaveLength(2);
    expect(toasts[0]).toHaveTextContent('Saved');
    expect(toasts[1]).toHaveTextContent('FailedTry again');
    expect(toasts[0]).toHaveAttribute('data-color', 'success');
    expect(toasts[1]).toHaveAttribute('data-color', 'error');
  });

  it('closes a toast with its close button', async () => {
    const show = await renderToasts({ title: 'Saved' }, { title: 'Other' });
    show('Saved');
    show('Other');
    const [first] = within(region()).getAllByRole('status');
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Dismiss notification' }));
    expect(within(region()).getAllByRole('status')).toHaveLength(1);
    expect(region()).not.toHaveTextContent('Saved');
  });

  it('closes by itself after 5000 ms by default', async () => {
    const show = await renderToasts({ title: 'Saved' });
    show('Saved');
    act(() => vi.advanceTimersByTime(4999));
    expect(within(region()).getByRole('status')).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(1));
    expect(within(region()).queryByRole('status')).not.toBeInTheDocument();
  });

  it('honours a custom timeout', async () => {
    const show = await renderToasts({ title: 'Logged out', timeout: 3000 });
    show('Logged out');
    act(() => vi.advanceTimersByTime(3000));
    expect(within(region()).queryByRole('status')).not.toBeInTheDocument();
  });

  it('stays with timeout 0 until closed', async () => {
    const show = await renderToasts({ title: 'Sticky', timeout: 0 });
    show('Sticky');
    act(() => vi.advanceTimersByTime(60_000));
    expect(within(region()).getByRole('status')).toHaveTextContent('Sticky');
  });

  it('gives unknown colours the default look', async () => {
    const show = await renderToasts({ title: 'Plain', color: 'purple' });
    show('Plain');
    expect(within(region()).getByRole('status').className).toContain('bg-surface');
  });
});
