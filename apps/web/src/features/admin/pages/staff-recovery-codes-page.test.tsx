import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUser } from '@/features/guides/testing/guide-fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { StaffRecoveryCodesPage } from './staff-recovery-codes-page';

const CODES = Array.from({ length: 10 }, (_, index) => `abcde-fgh${index}k`);

function render(routes: Record<string, unknown>) {
  let left = 3;
  const fetchMock = mockFetch({
    'GET /api/auth/session': { user: currentUser({ roles: ['finance'] }) },
    'GET /api/app/staff/second-factor': () =>
      jsonResponse({ roles: ['finance'], enrolled: true, verified: true, recoveryCodesLeft: left }),
    'POST /api/app/staff/second-factor/recovery-codes': () => {
      left = 10;
      return jsonResponse({ recoveryCodes: CODES });
    },
    ...routes,
  });
  renderRoutes([{ path: '/:lng/staff/recovery-codes', Component: StaffRecoveryCodesPage }], '/en/staff/recovery-codes');
  return fetchMock;
}

describe('StaffRecoveryCodesPage', () => {
  it('makes new codes after a confirmation with a code from the app, and shows them once', async () => {
    const fetchMock = render({});
    const user = userEvent.setup();
    expect(await screen.findByText('3 unused recovery codes left')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Make new recovery codes?' }));
    await user.type(dialog.getByRole('textbox'), '123456');
    await user.click(dialog.getByRole('button', { name: 'Make new codes' }));
    const list = within(await screen.findByRole('list', { name: 'New recovery codes' }));
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    const post = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/second-factor/recovery-codes'));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ code: '123456' });

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('10 unused recovery codes left')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'New recovery codes' })).toBeNull();
  });

  it('says so when the code from the app is wrong, and shows no codes', async () => {
    render({
      'POST /api/app/staff/second-factor/recovery-codes': () =>
        jsonResponse({ error: { code: 'INVALID_VERIFICATION_CODE', message: 'Wrong code' } }, { status: 400 }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Make new codes' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Make new recovery codes?' }));
    await user.type(dialog.getByRole('textbox'), '000000');
    await user.click(dialog.getByRole('button', { name: 'Make new codes' }));
    expect(await dialog.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'New recovery codes' })).toBeNull();
  });
});
