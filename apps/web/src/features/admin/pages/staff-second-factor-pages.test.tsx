import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUser } from '@/features/guides/testing/guide-fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { LocationDisplay, renderRoutes } from '@/testing/render';
import { AdminGuidesPage } from './admin-guides-page';
import { StaffAuditPage } from './staff-audit-page';
import { StaffEnrolPage } from './staff-enrol-page';
import { StaffVerifyPage } from './staff-verify-page';

const STATUS = '/api/app/staff/second-factor';
const status = (enrolled: boolean, verified: boolean) => ({
  roles: ['admin'],
  enrolled,
  verified,
  recoveryCodesLeft: 10,
});
const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `abcde-${String(index).padStart(5, '2')}`);

function render(path: string, routes: Record<string, unknown>, roles = ['admin']) {
  const fetchMock = mockFetch({ 'GET /api/auth/session': { user: currentUser({ roles }) }, ...routes });
  const withLocation = (element: React.ReactNode) => () => (
    <>
      {element}
      <LocationDisplay />
    </>
  );
  renderRoutes(
    [
      { path: '/:lng/staff/enrol', Component: withLocation(<StaffEnrolPage />) },
      { path: '/:lng/staff/verify', Component: withLocation(<StaffVerifyPage />) },
      { path: '/:lng/staff/audit', Component: withLocation(<StaffAuditPage />) },
      { path: '/:lng/admin/guides', Component: withLocation(<AdminGuidesPage />) },
    ],
    path,
  );
  return fetchMock;
}

const location = () => screen.getByTestId('location').textContent;

describe('staff second factor pages', () => {
  it('sends a staff page to the code prompt until the session passed the second factor', async () => {
    render('/en/admin/guides', { [`GET ${STATUS}`]: status(true, false) });
    await waitFor(() => expect(location()).toBe('/en/staff/verify?returnTo=%2Fadmin%2Fguides'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter your code' })).toBeTruthy();
  });

  it('sends a staff member without an authenticator from the code prompt to set one up', async () => {
    render('/en/staff/verify?returnTo=%2Fstaff%2Faudit', { [`GET ${STATUS}`]: status(false, false) });
    await waitFor(() => expect(location()).toBe('/en/staff/enrol?returnTo=%2Fstaff%2Faudit'));
  });

  it('shows a refused code as an alert and goes on once a recovery code passes', async () => {
    let verified = false;
    const fetchMock = render('/en/staff/verify?returnTo=%2Fstaff%2Faudit', {
      [`GET ${STATUS}`]: () => jsonResponse(status(true, verified)),
      [`POST ${STATUS}/verify`]: (_url: URL, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body));
        if (body.code === '111111') {
          return jsonResponse(
            { error: { code: 'INVALID_VERIFICATION_CODE', message: 'Invalid verification code' } },
            { status: 400 },
          );
        }
        verified = true;
        return jsonResponse(status(true, true));
      },
      'GET /api/app/staff/audit': { data: [], page: 1, pageSize: 50, total: 0 },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('6-digit code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain('That code did not work');

    await user.click(screen.getByRole('button', { name: 'Lost your phone? Use a recovery code' }));
    expect(screen.getByText('Recovery codes left: 10')).toBeTruthy();
    await user.type(screen.getByLabelText('Recovery code'), 'ABCDE-22222');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toBe('/en/staff/audit'));
    const sent = fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/verify'));
    expect(JSON.parse(String(sent.at(-1)?.[1]?.body))).toEqual({ recoveryCode: 'ABCDE-22222' });
  });

  it('enrols: the QR code and key, the first code, then the ten recovery codes before going on', async () => {
    render('/en/staff/enrol', {
      [`GET ${STATUS}`]: status(false, false),
      [`POST ${STATUS}/enrol`]: {
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauthUri: 'otpauth://totp/Marco:%2B905321112233?issuer=Marco&secret=JBSWY3DPEHPK3PXP',
        qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
      },
      [`POST ${STATUS}/enrol/confirm`]: { recoveryCodes: RECOVERY_CODES },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show the QR code' }));
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    await user.click(screen.getByRole('button', { name: 'I have saved them, continue' }));
    await waitFor(() => expect(location()).toBe('/en/admin/guides'));
  });

  it('keeps the audit log from staff who are not admin', async () => {
    render('/en/staff/audit', { [`GET ${STATUS}`]: { ...status(true, true), roles: ['support'] } }, ['support']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Forbidden' })).toBeTruthy();
  });

  it('lists audit entries with what changed, and exports the same filter as CSV', async () => {
    const fetchMock = render('/en/staff/audit?action=guide.reject&target=g-1', {
      [`GET ${STATUS}`]: status(true, true),
      'GET /api/app/staff/audit': {
        data: [
          {
            id: '0190a6f0-0000-7000-8000-0000000000a1',
            at: '2026-11-20T10:00:00.000Z',
            actor: { userId: '0190a6f0-0000-7000-8000-0000000000a2', name: 'Zeynep Kaya', roles: ['support'] },
            action: 'guide.reject',
            targetType: 'guide',
            targetId: 'g-1',
            before: { status: 'submitted', rejectionReason: null },
            after: { status: 'rejected', rejectionReason: 'Blurry ID' },
            requestId: 'req-42',
          },
        ],
        page: 1,
        pageSize: 50,
        total: 1,
      },
    });
    expect(await screen.findByText('Zeynep Kaya')).toBeTruthy();
    // Once in the action filter, once as the entry's title.
    expect(screen.getAllByText('Application rejected')).toHaveLength(2);
    expect(screen.getByText('"submitted" → "rejected"')).toBeTruthy();
    expect(screen.getByText('— → "Blurry ID"')).toBeTruthy();
    expect(screen.getByText('req-42')).toBeTruthy();
    const asked = new URL(
      String(fetchMock.mock.calls.find(([input]) => String(input).includes('/staff/audit?'))?.[0]),
      'http://x',
    );
    expect(asked.searchParams.get('action')).toBe('guide.reject');
    expect(asked.searchParams.get('targetId')).toBe('g-1');
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link.getAttribute('href')).toBe('/api/app/staff/audit/export?action=guide.reject&targetId=g-1');
  });
});
