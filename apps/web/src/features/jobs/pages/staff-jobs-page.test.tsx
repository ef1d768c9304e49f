import { BACKGROUND_JOBS, type JobQueue, type StaffJobs } from '@marco/contract/jobs';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentUser } from '@/features/guides/testing/guide-fixtures';
import { i18n } from '@/i18n/i18n';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { StaffJobsPage } from './staff-jobs-page';

const EVERY: Record<JobQueue['job'], number> = {
  'reservations-sweep': 15,
  'payout-run': 604_800,
  'rates-apply-due': 3_600,
  'search-availability': 300,
  'responses-refresh': 3_600,
  'auth-purge-expired-credentials': 86_400,
};

const queue = (job: JobQueue['job'], figures: Partial<JobQueue> = {}): JobQueue => ({
  job,
  everySeconds: EVERY[job],
  queued: 0,
  active: 0,
  retrying: 0,
  lastSucceededAt: '2026-06-01T08:00:00.000Z',
  lastFailedAt: null,
  ...figures,
});

const DEAD_LETTER = {
  id: '0b6f3c1e-6a43-4c39-9c2e-3f4d5a6b7c8d',
  job: 'payout-run',
  failedAt: '2026-06-01T07:30:00.000Z',
  attempts: 5,
  error: 'connect ECONNREFUSED 10.0.0.7:5432',
} as const;

const jobs = (overrides: Partial<StaffJobs> = {}): StaffJobs => ({
  // Listed out of order: the page keeps the contract's order.
  queues: [...BACKGROUND_JOBS].reverse().map((job) => queue(job)),
  deadLetters: [],
  generatedAt: '2026-06-01T08:00:05.000Z',
  ...overrides,
});

function render(answer: unknown, { lng = 'en', roles = ['admin'] } = {}) {
  const fetch = mockFetch({
    'GET /api/auth/session': { user: currentUser({ roles }) },
    'GET /api/app/staff/second-factor': { roles, enrolled: true, verified: true, recoveryCodesLeft: 10 },
    'GET /api/app/staff/jobs': answer,
  });
  renderRoutes([{ path: '/:lng/staff/jobs', Component: StaffJobsPage }], `/${lng}/staff/jobs`);
  return fetch;
}

const rowOf = (name: string) =>
  screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement;
const cellsOf = (name: string) =>
  within(rowOf(name))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const jobsCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([input]) => String(input).endsWith('/staff/jobs')).length;

describe('StaffJobsPage', () => {
  it('lists the six jobs in order with their schedule, counts, last runs and health', async () => {
    render(
      jobs({
        queues: [
          queue('reservations-sweep', { queued: 1, active: 1 }),
          queue('payout-run', { retrying: 1, lastFailedAt: '2026-06-01T07:59:00.000Z' }),
          queue('rates-apply-due', { lastFailedAt: '2026-06-01T09:00:00.000Z' }),
          queue('search-availability'),
          queue('responses-refresh'),
          queue('auth-purge-expired-credentials', { lastSucceededAt: null }),
        ],
      }),
    );
    const table = await screen.findByRole('table', { name: 'Jobs' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.querySelector('span')?.textContent),
    ).toEqual([
      'Reservation sweep',
      'Payout run',
      'Exchange rates',
      'Search availability',
      'Guide response figures',
      'Expired sign-in cleanup',
    ]);

    const at = (iso: string) =>
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
    const sweep = rowOf('Reservation sweep');
    expect(within(sweep).getByText(/^Expires unanswered requests, completes finished tours/)).toBeTruthy();
    // On a phone each cell shows its column's name before its value.
    expect(cellsOf('Reservation sweep')).toEqual([
      'Healthy',
      'Runsevery 15 seconds',
      'Queued1',
      'Running1',
      'Retrying0',
      `Last success${at('2026-06-01T08:00:00.000Z')}`,
      'Last failureNever',
    ]);
    expect(within(sweep).getByText(at('2026-06-01T08:00:00.000Z')).getAttribute('datetime')).toBe(
      '2026-06-01T08:00:00.000Z',
    );
    expect(cellsOf('Payout run').slice(0, 2)).toEqual(['Retrying', 'Runsevery week']);
    expect(cellsOf('Exchange rates').slice(0, 2)).toEqual(['Last run failed', 'Runsevery hour']);
    expect(cellsOf('Search availability').slice(0, 2)).toEqual(['Healthy', 'Runsevery 5 minutes']);
    expect(cellsOf('Expired sign-in cleanup').slice(0, 2)).toEqual(['Not run yet', 'Runsevery day']);
  });

  it('shows a dead letter with its job, attempts and the server’s error, newest first', async () => {
    render(
      jobs({
        deadLetters: [
          {
            ...DEAD_LETTER,
            id: '1c7a4d2f-7b54-4d4a-8d3f-4a5e6b7c8d9e',
            job: 'search-availability',
            failedAt: '2026-05-30T10:00:00.000Z',
            error: 'older failure',
          },
          DEAD_LETTER,
        ],
      }),
    );
    const section = within(await screen.findByRole('region', { name: 'Dead letters' }));
    const letters = section.getAllByRole('listitem');
    expect(letters.map((letter) => within(letter).getByRole('heading').textContent)).toEqual([
      'Payout run',
      'Search availability',
    ]);
    const newest = within(letters[0] as HTMLElement);
    expect(newest.getByText('5 attempts')).toBeTruthy();
    const error = newest.getByText('connect ECONNREFUSED 10.0.0.7:5432');
    expect(error.tagName).toBe('PRE');
    expect(error.getAttribute('dir')).toBe('ltr');
  });

  it('says there are no dead letters, and no jobs while the queue has not started', async () => {
    render(jobs({ queues: [] }));
    expect(await screen.findByText('No dead letters: every run succeeded or is being retried')).toBeTruthy();
    expect(screen.getByText('No jobs reported')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('asks the server again on Refresh', async () => {
    const fetch = render(jobs());
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Jobs' });
    expect(jobsCalls(fetch)).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(jobsCalls(fetch)).toBe(2));
  });

  it('offers to try again when the jobs cannot be loaded', async () => {
    render(() => jsonResponse({ error: { code: 'SERVER_ERROR', message: 'Down' } }, { status: 500 }));
    expect(await screen.findByRole('button', { name: /try again/i })).toBeTruthy();
  });

  it('is for admins only', async () => {
    render(jobs(), { roles: ['support', 'finance'] });
    expect(await screen.findByRole('heading', { name: 'Access Forbidden' })).toBeTruthy();
  });

  it('is written in Arabic on the Arabic console, the server’s error kept left to right', async () => {
    await i18n.changeLanguage('ar');
    try {
      render(jobs({ deadLetters: [DEAD_LETTER] }), { lng: 'ar' });
      expect(await screen.findByRole('heading', { level: 1, name: 'المهام الخلفية' })).toBeTruthy();
      expect(await screen.findByRole('rowheader', { name: /^تشغيل الدفعات/ })).toBeTruthy();
      expect(cellsOf('مراجعة الحجوزات').slice(0, 2)).toEqual(['سليمة', 'التكراركل 15 ثانية']);
      expect(cellsOf('تشغيل الدفعات').slice(0, 2)).toEqual(['سليمة', 'التكراركل أسبوع']);
      const letter = within(screen.getByRole('region', { name: 'التشغيلات الفاشلة نهائيًا' }));
      expect(letter.getByText('5 محاولات')).toBeTruthy();
      expect(letter.getByText(DEAD_LETTER.error).getAttribute('dir')).toBe('ltr');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
