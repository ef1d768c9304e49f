import type { Dispute } from '@marco/contract/disputes';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUser } from '@/features/guides/testing/guide-fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { ReportProblem } from './report-problem';

const RESERVATION = '0190a6f0-0000-7000-8000-00000000f001';
const CASE = '0190a6f0-0000-7000-8000-00000000f002';

function Reservation() {
  return <ReportProblem reservationId={RESERVATION} />;
}

function CasePage() {
  return <p>The case page</p>;
}

function render(state: object, routes: Record<string, unknown> = {}) {
  const fetchMock = mockFetch({
    'GET /api/auth/session': { user: currentUser() },
    [`GET /api/app/reservations/${RESERVATION}/dispute`]: state,
    ...routes,
  });
  renderRoutes(
    [
      { path: '/:lng/reservations/x', Component: Reservation },
      { path: '/:lng/disputes/:id', Component: CasePage },
    ],
    '/en/reservations/x',
  );
  return fetchMock;
}

describe('ReportProblem', () => {
  it('reports a problem with a reason and a text, then opens the case', async () => {
    const fetchMock = render(
      { canReport: true, reportUntil: '2026-12-09T09:00:00.000Z', disputeId: null, disputeStatus: null },
      {
        'POST /api/app/disputes': () =>
          jsonResponse({ id: CASE, reservation: { id: RESERVATION } } as Dispute, { status: 201 }),
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report a problem' }));
    expect(dialog.getByText(/You can report until December 9, 2026/)).toBeTruthy();
    await user.selectOptions(dialog.getByLabelText('What happened?'), 'no_show');
    await user.type(dialog.getByLabelText('Describe the problem'), 'Nobody came to the meeting point.');
    await user.click(dialog.getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByText('The case page')).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/app/disputes')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      reservationId: RESERVATION,
      reason: 'no_show',
      text: 'Nobody came to the meeting point.',
    });
  });

  it('links to the open case instead of offering a second report', async () => {
    render({ canReport: false, reportUntil: '2026-12-09T09:00:00.000Z', disputeId: CASE, disputeStatus: 'open' });
    const link = await screen.findByRole('link', { name: 'See the open case' });
    expect(link.getAttribute('href')).toBe(`/en/disputes/${CASE}`);
    expect(screen.queryByRole('button', { name: 'Report a problem' })).toBeNull();
  });
});
