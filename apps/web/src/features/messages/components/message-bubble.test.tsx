import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/render';
import type { ChatMessage } from '../api/get-conversation';
import { MessageBubble } from './message-bubble';

const message = (overrides: Partial<ChatMessage>): ChatMessage => ({
  id: '0190a1b2-0000-7000-8000-0000000000m1',
  conversationId: '0190a1b2-0000-7000-8000-000000000001',
  senderId: 'u2',
  text: 'مرحبا، هل أنت متاح غدا؟',
  language: 'ar',
  isDeleted: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  deletedAt: null,
  ...overrides,
});

const noop = () => {};

describe('MessageBubble', () => {
  it('marks the text with the language it was written in and lets it set its own direction', () => {
    renderWithRouter(
      <MessageBubble message={message({})} isOwn={false} isRead onRetry={noop} onDiscard={noop} onDelete={noop} />,
      { path: '/en/messages' },
    );
    const text = screen.getByText('مرحبا، هل أنت متاح غدا؟');
    expect(text).toHaveAttribute('lang', 'ar');
    expect(text).toHaveAttribute('dir', 'auto');
  });

  it('leaves the language to the page when it is not known, still with its own direction', () => {
    renderWithRouter(
      <MessageBubble
        message={message({ text: 'Hallo!', language: null })}
        isOwn={false}
        isRead
        onRetry={noop}
        onDiscard={noop}
        onDelete={noop}
      />,
      { path: '/en/messages' },
    );
    const text = screen.getByText('Hallo!');
    expect(text).not.toHaveAttribute('lang');
    expect(text).toHaveAttribute('dir', 'auto');
  });

  it('says why contact details are hidden under a message that had them masked', () => {
    renderWithRouter(
      <MessageBubble
        message={message({ text: 'Call me on •••', language: 'en', contactMasked: true })}
        isOwn={false}
        isRead
        onRetry={noop}
        onDiscard={noop}
        onDelete={noop}
      />,
      { path: '/en/messages' },
    );
    expect(screen.getByText('Call me on •••')).toBeInTheDocument();
    expect(screen.getByText(/Contact details are hidden until a reservation between you is paid/)).toBeInTheDocument();
  });

  it('adds no note to an ordinary message', () => {
    renderWithRouter(
      <MessageBubble message={message({})} isOwn={false} isRead onRetry={noop} onDiscard={noop} onDelete={noop} />,
      { path: '/en/messages' },
    );
    expect(screen.queryByText(/Contact details are hidden/)).not.toBeInTheDocument();
  });
});
