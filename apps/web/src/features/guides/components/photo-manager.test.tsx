import type { GuidePhoto } from '@marco/contract/guides';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { PhotoManager } from './photo-manager';

/** A stand-in for XMLHttpRequest that the test drives: progress, completion, cancellation. */
class FakeXhr extends EventTarget {
  static instances: FakeXhr[] = [];
  upload = new EventTarget();
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;

  constructor() {
    super();
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(new ProgressEvent('progress', { loaded, total, lengthComputable: true }));
  }
  responseHeaders: Record<string, string> = {};
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.responseHeaders = headers;
    this.dispatchEvent(new Event('load'));
  }
}

const photo: GuidePhoto = {
  id: '0190a6f0-0000-7000-8000-0000000000b1',
  position: 0,
  isCover: true,
  cardUrl: '/api/app/file-management-public/user-public-photo-file?id=b1&size=card',
  galleryUrl: '/api/app/file-management-public/user-public-photo-file?id=b1',
  width: 1600,
  height: 1200,
  createdAt: '2026-11-20T10:00:00.000Z',
};

const png = (name = 'bosphorus.png', size = 2048) => new File([new Uint8Array(size)], name, { type: 'image/png' });

function chooseFiles(files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files } });
}

describe('PhotoManager uploads', () => {
  let photos: GuidePhoto[];
  beforeEach(() => {
    FakeXhr.instances = [];
    photos = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    mockFetch({
      'GET /api/app/file-management-public/get-user-public-photo-by-ids': () => Response.json({ data: photos }),
    });
  });
  afterEach(() => {
    FakeXhr.instances = [];
  });

  it('shows the upload progress and cancels a running upload', async () => {
    renderWithRouter(<PhotoManager />, { path: '/en/guide-settings' });
    expect(await screen.findByText('No photos yet')).toBeInTheDocument();

    chooseFiles([png()]);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading bosphorus.png' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    const [xhr] = FakeXhr.instances;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('/api/app/file-management-public/upload-user-guide-photo-file');
    expect(xhr?.headers['X-Client-Version']).toBe('marco-app-1.0');
    expect(xhr?.body).toBeInstanceOf(FormData);
    expect((xhr?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);

    act(() => xhr?.progress(512, 2048));
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('25%')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(xhr?.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByText('No photos yet')).toBeInTheDocument();
  });

  it('shows the photo once the server has it', async () => {
    renderWithRouter(<PhotoManager />, { path: '/en/guide-settings' });
    await screen.findByText('No photos yet');
    chooseFiles([png()]);
    const xhr = FakeXhr.instances[0];
    photos = [photo];
    act(() => {
      xhr?.progress(2048, 2048);
      xhr?.respond(200, photo);
    });
    const list = await screen.findByRole('list', { name: 'Your photos' });
    expect(within(list).getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', photo.cardUrl);
    expect(within(list).getByText('Cover')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('refuses a file of the wrong type or size before sending anything', async () => {
    renderWithRouter(<PhotoManager />, { path: '/en/guide-settings' });
    await screen.findByText('No photos yet');
    chooseFiles([
      new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' }),
      png('huge.png', 5 * 1024 * 1024 + 1),
    ]);
    expect(await screen.findByText('This file type is not accepted. Use JPEG, PNG or WebP.')).toBeInTheDocument();
    expect(screen.getByText('This file is too large. The limit is 5 MB.')).toBeInTheDocument();
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('says why an upload failed, with the server’s error', async () => {
    renderWithRouter(<PhotoManager />, { path: '/en/guide-settings' });
    await screen.findByText('No photos yet');
    chooseFiles([png()]);
    act(() =>
      FakeXhr.instances[0]?.respond(
        400,
        { error: { code: 'INVALID_IMAGE_FORMAT', message: 'Invalid image format' } },
        { 'x-request-id': 'req-1' },
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/./);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss bosphorus.png' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
