import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { DownloadMyData } from './download-my-data';

const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));
const exported = { format: 'marco-my-data', formatVersion: 1, exportedAt: '2030-02-03T10:00:00.000Z', profile: {} };

let downloads: string[];
beforeEach(() => {
  downloads = [];
  // jsdom has no object URLs; the file itself is the browser's business.
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('DownloadMyData', () => {
  it('downloads the export as a dated JSON file', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ 'GET /api/account/my-data': exported });
    renderWithRouter(<DownloadMyData />, { path: '/en/settings' });
    await user.click(screen.getByRole('button', { name: 'Download my data' }));

    expect(await toasts().findByText('Your data is ready')).toBeInTheDocument();
    expect(downloads).toEqual(['marco-my-data-2030-02-03.json']);
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/api/account/my-data');
  });

  it('says what went wrong and downloads nothing when the server fails', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/account/my-data': () =>
        jsonResponse({ error: { code: 'SERVER_ERROR', message: 'Server error' } }, { status: 500 }),
    });
    renderWithRouter(<DownloadMyData />, { path: '/en/settings' });
    await user.click(screen.getByRole('button', { name: 'Download my data' }));

    expect(await toasts().findByRole('status')).toHaveAttribute('data-color', 'error');
    expect(downloads).toEqual([]);
  });
});
