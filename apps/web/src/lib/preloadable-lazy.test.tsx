import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadable-lazy';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('preloadableLazy', () => {
  it('renders at once, without its fallback, once the code was preloaded', async () => {
    const { Component, preload } = preloadableLazy(async () => Greeting);
    await preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Component name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('shows the fallback until code that was not preloaded arrives', async () => {
    let arrive: (component: typeof Greeting) => void = () => {};
    const { Component } = preloadableLazy(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Component name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => arrive(Greeting));
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
  });

  it('loads again after a failed download', async () => {
    let attempts = 0;
    const { preload } = preloadableLazy(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return Greeting;
    });
    await expect(preload()).rejects.toThrow('offline');
    await expect(preload()).resolves.toBe(Greeting);
    expect(attempts).toBe(2);
  });
});
