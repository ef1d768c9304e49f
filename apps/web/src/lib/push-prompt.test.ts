import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissPushPrompt, offerPushSoon, settlePushPrompt, usePushPromptDue } from './push-prompt';

afterEach(() => localStorage.clear());

describe('when push is offered', () => {
  it('is not due on a first visit, and becomes due after a request or message', () => {
    const { result } = renderHook(() => usePushPromptDue());
    expect(result.current).toBe(false);
    act(() => offerPushSoon());
    expect(result.current).toBe(true);
  });

  it('remembers "Not now": a later request or message does not offer it again', () => {
    const { result } = renderHook(() => usePushPromptDue());
    act(() => offerPushSoon());
    act(() => dismissPushPrompt());
    act(() => offerPushSoon());
    expect(result.current).toBe(false);
  });

  it('is offered once: after push was turned on (or refused in the browser) it stays away', () => {
    const { result } = renderHook(() => usePushPromptDue());
    act(() => offerPushSoon());
    act(() => settlePushPrompt());
    act(() => offerPushSoon());
    expect(result.current).toBe(false);
  });
});
