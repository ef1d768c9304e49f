import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUser } from '@/features/guides/testing/guide-fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { StaffModerationPage } from './staff-moderation-page';

const ITEM = '0190a6f0-0000-7000-8000-0000000000d1';
const item = (status: string) => ({
  id: ITEM,
  targetType: 'review',
  targetId: '0190a6f0-0000-7000-8000-0000000000d2',
  status,
  reportCount: 2,
  firstReportedAt: '2026-11-20T10:00:00.000Z',
  lastReportedAt: '2026-11-21T10:00:00.000Z',
  author: { userId: '0190a6f0-0000-7000-8000-0000000000d3', name: 'Kaan Demir', isSuspended: false },
  content: {
    text: 'The guide is an idiot',
    rating: 1,
    inReplyTo: null,
    guideId: '0190a6f0-0000-7000-8000-0000000000d4',
    conversationId: null,
    isHidden: status === 'hidden',
  },
  decidedAt: status === 'open' ? null : '2026-11-22T10:00:00.000Z',
  decisionNote: status === 'open' ? null : 'Insult',
});

function render(routes: Record<string, unknown> = {}) {
  const fetchMock = mockFetch({
    'GET /api/auth/session': { user: currentUser({ roles: ['support'] }) },
    'GET /api/app/staff/second-factor': { roles: ['support'], enrolled: true, verified: true, recoveryCodesLeft: 10 },
    ...routes,
  });
  renderRoutes([{ path: '/:lng/staff/moderation', Component: StaffModerationPage }], '/en/staff/moderation');
  return fetchMock;
}

describe('StaffModerationPage', () => {
  it('shows a reported review in context and hides it with a note', async () => {
    let status = 'open';
    const fetchMock = render({
      'GET /api/app/staff/moderation': () =>
        jsonResponse({
          data: status === 'open' ? [item('open')] : [],
          page: 1,
          pageSize: 20,
          total: status === 'open' ? 1 : 0,
        }),
      [`POST /api/app/staff/moderation/${ITEM}/decide`]: () => {
        status = 'hidden';
        return jsonResponse({ ...item('hidden'), reports: [] });
      },
    });
    const user = userEvent.setup();
    const card = within(await screen.findByTestId('moderation-item'));
    expect(card.getByText('The guide is an idiot')).toBeTruthy();
    expect(card.getByText('Written by Kaan Demir')).toBeTruthy();
    expect(card.getByText('Reports: 2')).toBeTruthy();
    await user.type(card.getByLabelText('Note for the record (optional; the reason when suspending)'), 'Insult');
    await user.click(card.getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Decision recorded')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/decide'));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ decision: 'hide', note: 'Insult' });
    expect(await screen.findByText('Nothing to review')).toBeTruthy();
  });

  it('offers no hiding for a reported guide profile', async () => {
    render({
      'GET /api/app/staff/moderation': {
        data: [{ ...item('open'), targetType: 'guide' }],
        page: 1,
        pageSize: 20,
        total: 1,
      },
    });
    const card = within(await screen.findByTestId('moderation-item'));
    await waitFor(() => expect(card.getByRole('button', { name: 'Suspend author' })).toBeTruthy());
    expect(card.queryByRole('button', { name: 'Hide' })).toBeNull();
  });
});
