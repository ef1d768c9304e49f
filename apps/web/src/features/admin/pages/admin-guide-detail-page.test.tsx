import type { AdminGuideDetail } from '@marco/contract/guides';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUser, GUIDE_ID, USER_ID } from '@/features/guides/testing/guide-fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { AdminGuideDetailPage } from './admin-guide-detail-page';

const NOW = '2026-11-20T10:00:00.000Z';
const API = `/api/app/admin/guides/${GUIDE_ID}`;

function application(overrides: Partial<AdminGuideDetail> = {}): AdminGuideDetail {
  const document = (id: string, kind: 'identity' | 'certificate', contentType: 'application/pdf' | 'image/jpeg') => ({
    id,
    kind,
    vehicleId: null,
    fileName: kind === 'identity' ? 'id-card.jpg' : 'licence.pdf',
    contentType,
    sizeBytes: 20_000,
    downloadUrl: `/api/app/file-management-public/user-private-file?id=${id}`,
    createdAt: NOW,
  });
  return {
    id: GUIDE_ID,
    userId: USER_ID,
    name: 'Elif',
    surname: 'Demir',
    phoneNumber: '+905321112233',
    email: null,
    status: 'submitted',
    isActive: true,
    stage: 8,
    city: { id: '0190a6f0-0000-7000-8000-0000000000c1', code: 'istanbul', name: 'Istanbul' },
    country: { id: '0190a6f0-0000-7000-8000-0000000000c2', code: 'TR', name: 'Turkey' },
    verified: false,
    certificated: false,
    submittedAt: NOW,
    createdAt: NOW,
    about: 'Ferries, markets and hidden courtyards.',
    street: null,
    timezone: 'Europe/Istanbul',
    avatarUrl: null,
    rejectionReason: null,
    suspensionReason: null,
    reviewedAt: null,
    missing: [],
    languages: [],
    serviceKinds: [],
    hourlyRateMinor: 5000,
    currency: 'USD',
    schedule: [],
    photos: [],
    video: null,
    idVerification: {
      verificationType: { id: '0190a6f0-0000-7000-8000-0000000000d1', key: 'id_card', name: 'ID card', names: {} },
      issuingCountry: { id: '0190a6f0-0000-7000-8000-0000000000c2', code: 'TR', name: 'Turkey' },
      issueDate: '2020-01-15',
      expiryDate: null,
      documents: [document('0190a6f0-0000-7000-8000-0000000000e1', 'identity', 'image/jpeg')],
      updatedAt: NOW,
    },
    certificates: [document('0190a6f0-0000-7000-8000-0000000000e2', 'certificate', 'application/pdf')],
    bankInfo: null,
    vehicles: [],
    ...overrides,
  } as AdminGuideDetail;
}

function renderDetail(roles: string[], routes: Record<string, unknown> = {}) {
  const fetchMock = mockFetch({
    'GET /api/auth/session': { user: currentUser({ roles }) },
    'GET /api/app/staff/second-factor': { roles, enrolled: true, verified: true, recoveryCodesLeft: 10 },
    [`GET ${API}`]: application(),
    ...routes,
  });
  renderRoutes([{ path: '/:lng/admin/guides/:id', Component: AdminGuideDetailPage }], `/en/admin/guides/${GUIDE_ID}`);
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => String(input).startsWith(path) && init?.method === 'POST');

describe('AdminGuideDetailPage', () => {
  it('shows the private documents in the page through their authorised links', async () => {
    renderDetail(['support']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Elif Demir' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'id-card.jpg' })).toHaveAttribute(
      'src',
      '/api/app/file-management-public/user-private-file?id=0190a6f0-0000-7000-8000-0000000000e1',
    );
    const pdf = document.querySelector('object[type="application/pdf"]');
    expect(pdf).toHaveAttribute(
      'data',
      '/api/app/file-management-public/user-private-file?id=0190a6f0-0000-7000-8000-0000000000e2',
    );
  });

  it('approves after a confirmation', async () => {
    const user = userEvent.setup();
    const fetchMock = renderDetail(['support'], {
      [`POST ${API}/approve`]: application({ status: 'approved', reviewedAt: NOW }),
    });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Elif Demir?' });
    expect(posts(fetchMock, `${API}/approve`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Elif Demir is now an approved guide')).toBeInTheDocument();
    expect(posts(fetchMock, `${API}/approve`)).toHaveLength(1);
    // Now approved: suspend is offered, approve and reject are not.
    expect(await screen.findByRole('button', { name: 'Suspend' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('rejects only with a reason, and sends it', async () => {
    const user = userEvent.setup();
    const fetchMock = renderDetail(['support'], {
      [`POST ${API}/reject`]: (_url: URL, init: RequestInit | undefined) =>
        jsonResponse(application({ status: 'rejected', rejectionReason: JSON.parse(String(init?.body)).reason })),
    });
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject the application of Elif Demir?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Give a reason so the applicant knows what to fix.')).toBeInTheDocument();
    expect(posts(fetchMock, `${API}/reject`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason (the applicant sees it)'), 'The ID photo is blurred.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(posts(fetchMock, `${API}/reject`)).toHaveLength(1));
    expect(JSON.parse(String(posts(fetchMock, `${API}/reject`)[0]?.[1]?.body))).toEqual({
      reason: 'The ID photo is blurred.',
    });
    expect(await screen.findByText('The ID photo is blurred.')).toBeInTheDocument();
  });

  it('sets the verified flag after a confirmation', async () => {
    const user = userEvent.setup();
    const fetchMock = renderDetail(['support'], {
      [`PUT ${API}/flags`]: application({ verified: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Mark verified' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark verified' }));
    expect(await screen.findByText('Elif Demir is marked verified')).toBeInTheDocument();
    const flags = fetchMock.mock.calls.find(
      ([input, init]) => String(input).startsWith(`${API}/flags`) && init?.method === 'PUT',
    );
    expect(JSON.parse(String(flags?.[1]?.body))).toEqual({ verified: true });
    expect(await screen.findByRole('button', { name: 'Remove verified' })).toBeInTheDocument();
  });

  it('tells anyone who is not staff that the area is forbidden, without asking the server', async () => {
    const fetchMock = renderDetail([]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Forbidden' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/admin/guides'))).toBe(false);
  });
});
