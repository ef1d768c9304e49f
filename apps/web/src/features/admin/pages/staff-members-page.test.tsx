import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUser, USER_ID } from '@/features/guides/testing/guide-fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { StaffMembersPage } from './staff-members-page';

const KEREM = '0190a6f0-0000-7000-8000-0000000000b1';
const members = (keremRoles: string[], keremEnrolled = true) => ({
  data: [
    { userId: USER_ID, name: 'Ada', surname: 'Admin', phoneNumber: '+905321112233', roles: ['admin'], enrolled: true },
    {
      userId: KEREM,
      name: 'Kerem',
      surname: 'Aydın',
      phoneNumber: '+905321112244',
      roles: keremRoles,
      enrolled: keremEnrolled,
    },
  ],
});

function render(routes: Record<string, unknown> = {}) {
  const fetchMock = mockFetch({
    'GET /api/auth/session': { user: currentUser({ roles: ['admin'] }) },
    'GET /api/app/staff/second-factor': { roles: ['admin'], enrolled: true, verified: true, recoveryCodesLeft: 10 },
    'GET /api/app/staff/members': members(['support']),
    ...routes,
  });
  renderRoutes([{ path: '/:lng/staff/members', Component: StaffMembersPage }], '/en/staff/members');
  return fetchMock;
}

describe('StaffMembersPage', () => {
  it('saves a member’s roles and keeps an admin from dropping their own admin role', async () => {
    const fetchMock = render({ [`PUT /api/app/staff/members/${KEREM}/roles`]: members(['finance', 'support']) });
    const user = userEvent.setup();
    const kerem = within(await screen.findByRole('group', { name: 'Roles of Kerem Aydın' }));
    const own = within(screen.getByRole('group', { name: 'Roles of Ada Admin' }));
    expect((own.getByRole('checkbox', { name: 'Admin' }) as HTMLInputElement).disabled).toBe(true);
    const save = screen.getAllByRole('button', { name: 'Save roles' })[1] as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.click(kerem.getByRole('checkbox', { name: 'Finance' }));
    await user.click(save);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([input, init]) => String(input).endsWith(`${KEREM}/roles`) && init?.method === 'PUT',
        ),
      ).toBe(true),
    );
    const put = fetchMock.mock.calls.find(([input]) => String(input).endsWith(`${KEREM}/roles`));
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ roles: ['support', 'finance'] });
    expect(await screen.findByText('The roles of Kerem Aydın were saved')).toBeTruthy();
  });

  it('resets a lost authenticator after a confirmation', async () => {
    let enrolled = true;
    const fetchMock = render({
      'GET /api/app/staff/members': () => jsonResponse(members(['support'], enrolled)),
      [`POST /api/app/staff/members/${KEREM}/reset-second-factor`]: () => {
        enrolled = false;
        return jsonResponse({ ok: true });
      },
    });
    const user = userEvent.setup();
    await screen.findByText('Kerem Aydın');
    await user.click(screen.getAllByRole('button', { name: 'Reset authenticator' })[1] as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'Reset the authenticator of Kerem Aydın?' }));
    await user.click(dialog.getByRole('button', { name: 'Reset authenticator' }));
    expect(await screen.findByText('The authenticator of Kerem Aydın was reset')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith(`${KEREM}/reset-second-factor`))).toBe(true);
    expect(await screen.findByText('Has not set up an authenticator yet')).toBeTruthy();
  });
});
