import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { GUIDE_ID } from '../testing/guide-fixtures';
import { formatDuration, isOutsideRecommended } from '../utils/video-duration';
import { VideoManager } from './video-manager';

const readVideoDuration = vi.hoisted(() => vi.fn<(file: File) => Promise<number | null>>());
vi.mock('../utils/video-duration', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../utils/video-duration')>()),
  readVideoDuration,
}));

class FakeXhr extends EventTarget {
  static urls: string[] = [];
  upload = new EventTarget();
  withCredentials = false;
  open(_method: string, url: string) {
    FakeXhr.urls.push(url);
  }
  setRequestHeader() {}
  send() {}
  abort() {}
}

describe('intro video length (spec §9: 1–2 minutes suggested)', () => {
  it('is judged against 60–120 seconds', () => {
    expect(isOutsideRecommended(59)).toBe(true);
    expect(isOutsideRecommended(60)).toBe(false);
    expect(isOutsideRecommended(120)).toBe(false);
    expect(isOutsideRecommended(121)).toBe(true);
    expect(formatDuration(75.4)).toBe('1:15');
  });
});

describe('VideoManager', () => {
  beforeEach(() => {
    FakeXhr.urls = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    mockFetch({ [`GET /api/app/file-management-public/get-guide-public-video-by-ids/${GUIDE_ID}`]: { data: [] } });
  });

  it('warns about a video shorter than a minute and uploads it anyway, with the length it read', async () => {
    readVideoDuration.mockResolvedValue(30);
    renderWithRouter(<VideoManager guideId={GUIDE_ID} />, { path: '/en/beguide' });
    const input = await waitFor(() => {
      const found = document.querySelector<HTMLInputElement>('input[type="file"]');
      if (!found) throw new Error('no input yet');
      return found;
    });
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(64)], 'hello.mp4', { type: 'video/mp4' })] },
    });

    expect(
      await screen.findByText('Your video is 0:30 long. We suggest one to two minutes, but you can keep it.'),
    ).toBeInTheDocument();
    await screen.findByRole('progressbar', { name: 'Uploading hello.mp4' });
    expect(FakeXhr.urls).toEqual(['/api/app/file-management-public/upload-user-guide-video-file?durationSeconds=30']);
  });

  it('says nothing about a video of a minute and a half', async () => {
    readVideoDuration.mockResolvedValue(90);
    renderWithRouter(<VideoManager guideId={GUIDE_ID} />, { path: '/en/beguide' });
    const input = await waitFor(() => {
      const found = document.querySelector<HTMLInputElement>('input[type="file"]');
      if (!found) throw new Error('no input yet');
      return found;
    });
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(64)], 'ok.webm', { type: 'video/webm' })] } });
    await screen.findByRole('progressbar', { name: 'Uploading ok.webm' });
    expect(screen.queryByText(/We suggest one to two minutes/)).not.toBeInTheDocument();
  });
});
