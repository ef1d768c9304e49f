import type { DeskReservationDetail } from '@marco/contract/desk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUser } from '@/features/guides/testing/guide-fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { StaffDeskReservationPage } from './staff-desk-reservation-page';

const ID = '0190a6f0-0000-7000-8000-00000000d001';
const story = (refundedMinor = 0): DeskReservationDetail => ({
  reservation: {
    id: ID,
    status: 'paid',
    paymentState: refundedMinor ? 'partially_refunded' : 'paid',
    startsAt: '2026-06-10T07:00:00.000Z',
    endsAt: '2026-06-10T09:00:00.000Z',
    timezone: 'Europe/Istanbul',
    createdAt: '2026-06-01T06:00:00.000Z',
    currency: 'USD',
    totalMinor: 10_000,
    refundedMinor,
    traveller: { userId: '0190a6f0-0000-7000-8000-00000000d002', name: 'Tara Smith', phoneNumber: '+447900000001' },
    guide: {
      userId: '0190a6f0-0000-7000-8000-00000000d003',
      guideId: '0190a6f0-0000-7000-8000-00000000d004',
      name: 'Deniz Kaya',
      phoneNumber: '+905320000001',
    },
    meetingPoint: 'Galata Tower entrance',
    contactPhone: '+447900000001',
    cancelReasonKey: null,
    cancelReasonText: null,
    rejectReason: null,
  },
  timeline: [
    {
      at: '2026-06-01T06:00:00.000Z',
      from: null,
      to: 'pending',
      actor: { role: 'tourist', userId: '0190a6f0-0000-7000-8000-00000000d002', name: 'Tara Smith' },
      reason: null,
    },
    {
      at: '2026-06-01T07:00:00.000Z',
      from: 'payment_pending',
      to: 'paid',
      actor: { role: 'provider', userId: null, name: null },
      reason: null,
    },
  ],
  payments: [
    {
      id: '0190a6f0-0000-7000-8000-00000000d005',
      provider: 'sandbox',
      status: 'paid',
      amountMinor: 10_000,
      refundedMinor,
      currency: 'USD',
      providerSessionId: 'cs_sandbox_1',
      providerPaymentId: 'pi_sandbox_1',
      createdAt: '2026-06-01T06:30:00.000Z',
      paidAt: '2026-06-01T07:00:00.000Z',
    },
  ],
  refunds: refundedMinor
    ? [
        {
          id: '0190a6f0-0000-7000-8000-00000000d006',
          paymentId: '0190a6f0-0000-7000-8000-00000000d005',
          amountMinor: refundedMinor,
          currency: 'USD',
          cause: 'staff',
          reason: 'Started an hour late',
          requestedBy: { userId: '0190a6f0-0000-7000-8000-00000000d007', name: 'Sanne' },
          requestedAt: '2026-06-11T09:00:00.000Z',
          providerRefundId: 're_sandbox_1',
          refundedAt: '2026-06-11T09:00:00.000Z',
          attempts: 1,
          lastError: null,
        },
      ]
    : [],
  paymentEvents: [],
  notifications: [],
  messageCount: 4,
  refundableMinor: 10_000 - refundedMinor,
  supportRefundLimitMinor: 3000,
  canCancel: true,
});

function render(routes: Record<string, unknown> = {}) {
  const fetchMock = mockFetch({
    'GET /api/auth/session': { user: currentUser({ roles: ['support'] }) },
    'GET /api/app/staff/second-factor': { roles: ['support'], enrolled: true, verified: true, recoveryCodesLeft: 10 },
    [`GET /api/app/staff/reservations/${ID}`]: story(),
    ...routes,
  });
  renderRoutes([{ path: '/:lng/staff/desk/:id', Component: StaffDeskReservationPage }], `/en/staff/desk/${ID}`);
  return fetchMock;
}

describe('StaffDeskReservationPage', () => {
  it('shows the timeline with who moved the reservation, the payment and the message count without content', async () => {
    render();
    expect(await screen.findByRole('heading', { name: 'Tara Smith with Deniz Kaya' })).toBeTruthy();
    expect(screen.getByText(/by the payment provider/)).toBeTruthy();
    expect(screen.getByText('pi_sandbox_1')).toBeTruthy();
    expect(screen.getByText('4 exchanged (content stays private)')).toBeTruthy();
  });

  it('warns support above their limit, then refunds part and shows it', async () => {
    const fetchMock = render({
      [`POST /api/app/staff/reservations/${ID}/refunds`]: () => jsonResponse(story(2500)),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund the traveller' });
    const amount = within(dialog).getByLabelText('Amount (USD)');
    await user.type(amount, '40');
    expect(within(dialog).getByText('Above $30.00 a refund needs someone from finance.')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '25');
    await user.type(within(dialog).getByLabelText('Reason (kept in the record)'), 'Started an hour late');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $25.00' }));
    await waitFor(() => expect(screen.getByText('Started an hour late')).toBeTruthy());
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/refunds')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ amountMinor: 2500, reason: 'Started an hour late' });
    expect(screen.getByText('Partly refunded')).toBeTruthy();
  });
});
