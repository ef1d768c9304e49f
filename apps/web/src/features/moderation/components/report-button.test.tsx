import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUser } from '@/features/guides/testing/guide-fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { ReportButton } from './report-button';

const REVIEW = '0190a6f0-0000-7000-8000-0000000000c1';

function ReviewReport() {
  return <ReportButton targetType="review" targetId={REVIEW} />;
}

function render(answer: () => Response) {
  const fetchMock = mockFetch({
    'GET /api/auth/session': { user: currentUser() },
    'POST /api/app/moderation/reports': answer,
  });
  renderWithRouter(<ReviewReport />, { path: '/en/guides/x' });
  return fetchMock;
}

describe('ReportButton', () => {
  it('asks for a reason, then sends it with the note once', async () => {
    const fetchMock = render(() =>
      jsonResponse(
        { id: REVIEW, targetType: 'review', targetId: REVIEW, createdAt: '2026-11-26T00:00:00.000Z' },
        { status: 201 },
      ),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report this review' }));
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByText('Choose a reason')).toBeTruthy();
    await user.click(dialog.getByLabelText('Scam, or asking to pay outside Marco'));
    await user.type(dialog.getByLabelText('Anything else we should know? (optional)'), 'Asked for cash');
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you, your report was sent')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/moderation/reports'));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      targetType: 'review',
      targetId: REVIEW,
      reason: 'scam',
      text: 'Asked for cash',
    });
  });

  it('tells a second report apart from a failure', async () => {
    render(() => jsonResponse({ error: { code: 'CONFLICT', message: 'You already reported this' } }, { status: 409 }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report this review' }));
    await user.click(dialog.getByLabelText('Spam or advertising'));
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('You have already reported this')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens for a member who clicks before the page knows who is signed in', async () => {
    let answerSession = (_response: Response) => {};
    mockFetch({
      'GET /api/auth/session': () =>
        new Promise<Response>((resolve) => {
          answerSession = resolve;
        }),
    });
    renderWithRouter(<ReviewReport />, { path: '/en/guides/x' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/en\/guides\/x$/);
    answerSession(jsonResponse({ user: currentUser() }));
    expect(await screen.findByRole('dialog', { name: 'Report this review' })).toBeTruthy();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/en\/guides\/x$/);
  });

  it('sends a visitor to log in and back to the page', async () => {
    mockFetch({
      'GET /api/auth/session': () => jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'no' } }, { status: 401 }),
    });
    renderWithRouter(<ReviewReport />, { path: '/en/guides/x' });
    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/en/auth/login?returnTo=%2Fguides%2Fx'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
