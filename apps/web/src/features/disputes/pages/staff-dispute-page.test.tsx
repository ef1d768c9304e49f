import type { StaffDisputeDetail } from '@marco/contract/disputes';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUser } from '@/features/guides/testing/guide-fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { StaffDisputePage } from './staff-dispute-page';

const ID = '0190a6f0-0000-7000-8000-00000000e001';
const TRAVELLER = '0190a6f0-0000-7000-8000-00000000e002';
const GUIDE = '0190a6f0-0000-7000-8000-00000000e003';

const detail = (resolved = false): StaffDisputeDetail => ({
  id: ID,
  status: resolved ? 'resolved' : 'open',
  reason: 'late_or_short',
  text: 'The tour ended an hour early.',
  openedBy: 'tourist',
  openedAt: '2026-06-10T10:00:00.000Z',
  resolution: resolved ? 'partial_refund' : null,
  outcome: resolved ? 'A quarter of the price back for the short tour.' : null,
  amountMinor: resolved ? 2500 : null,
  resolvedAt: resolved ? '2026-06-11T10:00:00.000Z' : null,
  reservation: {
    id: '0190a6f0-0000-7000-8000-00000000e004',
    status: 'completed',
    startsAt: '2026-06-10T07:00:00.000Z',
    endsAt: '2026-06-10T09:00:00.000Z',
    timezone: 'Europe/Istanbul',
    currency: 'USD',
    totalMinor: 10_000,
    traveller: { userId: TRAVELLER, name: 'Tara Smith' },
    guide: { userId: GUIDE, guideId: '0190a6f0-0000-7000-8000-00000000e005', name: 'Deniz Kaya' },
  },
  photos: [],
  messages: [
    {
      id: '0190a6f0-0000-7000-8000-00000000e006',
      author: { userId: GUIDE, name: 'Deniz Kaya', role: 'guide' },
      text: 'We walked for two full hours.',
      createdAt: '2026-06-10T11:00:00.000Z',
    },
  ],
  canAddPhotos: false,
  refundableMinor: resolved ? 7500 : 10_000,
  refundedMinor: resolved ? 2500 : 0,
  supportRefundLimitMinor: 3000,
  resolvedBy: resolved ? { userId: '0190a6f0-0000-7000-8000-00000000e007', name: 'Sanne' } : null,
  conversation: resolved
    ? []
    : [
        {
          id: '0190a6f0-0000-7000-8000-00000000e008',
          senderId: TRAVELLER,
          senderName: 'Tara Smith',
          text: 'Where are you? I am at the tower.',
          createdAt: '2026-06-10T07:05:00.000Z',
        },
      ],
  conversationOpen: !resolved,
});

function render(routes: Record<string, unknown> = {}) {
  const fetchMock = mockFetch({
    'GET /api/auth/session': { user: currentUser({ roles: ['support'] }) },
    'GET /api/app/staff/second-factor': { roles: ['support'], enrolled: true, verified: true, recoveryCodesLeft: 10 },
    [`GET /api/app/staff/disputes/${ID}`]: detail(),
    ...routes,
  });
  renderRoutes([{ path: '/:lng/staff/disputes/:id', Component: StaffDisputePage }], `/en/staff/disputes/${ID}`);
  return fetchMock;
}

describe('StaffDisputePage', () => {
  it("shows the report, the case's messages and, while it is open, the parties' conversation", async () => {
    render();
    expect(await screen.findByRole('heading', { name: 'Late start or a shorter tour' })).toBeTruthy();
    expect(screen.getByText('The tour ended an hour early.')).toBeTruthy();
    expect(screen.getByText('We walked for two full hours.')).toBeTruthy();
    expect(screen.getByText('Where are you? I am at the tower.')).toBeTruthy();
    expect(screen.getByText('Refunds above $30.00 need the finance role.', { exact: false })).toBeTruthy();
  });

  it('resolves with a partial refund and a written outcome, then shows the outcome', async () => {
    const fetchMock = render({
      [`POST /api/app/staff/disputes/${ID}/resolve`]: () => jsonResponse(detail(true)),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Partial refund' }));
    await user.type(screen.getByLabelText('Amount (USD)'), '25');
    await user.type(screen.getByLabelText('Written outcome'), 'A quarter of the price back for the short tour.');
    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.getByTestId('case-outcome')).toBeTruthy());
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/resolve')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      resolution: 'partial_refund',
      amountMinor: 2500,
      outcome: 'A quarter of the price back for the short tour.',
    });
    expect(screen.getByText('The conversation is only shown while the case is open.')).toBeTruthy();
  });
});
