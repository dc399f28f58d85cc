import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/providers';
import { getSession } from '../../lib/session';
import { signIn } from '../../test/posts';
import { downloadName } from './api/export-data';
import { DownloadDataRow } from './components/DownloadDataRow';

const ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
const NAME = 'inkwell-ada-2026-11-23.zip';

function renderRow() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ mutations: { retry: false } });
  return render(
    <AppProviders queryClient={queryClient}>
      <DownloadDataRow userId="7" />
    </AppProviders>,
  );
}

/** fetch answering once with `answer` (a Response, or a thrown error), when `release` is called. */
function stubFetch(answer: () => Response | Error) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const fetchMock = vi.fn(async () => {
    await gate;
    const made = answer();
    if (made instanceof Error) throw made;
    return made;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, release };
}

const zipAnswer = () => new Response(ZIP, { status: 200, headers: { 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${NAME}"` } });
const jsonAnswer = (status: number, body: object) => () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let clicked: Array<{ href: string; download: string; attached: boolean }>;
let createObjectURL: ReturnType<typeof vi.fn>;
let revokeObjectURL: ReturnType<typeof vi.fn>;
beforeEach(() => {
  clicked = [];
  createObjectURL = vi.fn(() => 'blob:http://localhost/archive');
  revokeObjectURL = vi.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('Download your data', () => {
  it('posts the user id with the session cookies, shows it is busy, then saves the zip under the server’s name', async () => {
    signIn(7);
    const { fetchMock, release } = stubFetch(zipAnswer);
    renderRow();
    expect(screen.getByRole('heading', { name: 'Download your data' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Download your data' }));

    const busy = await screen.findByRole('button', { name: 'Preparing your data…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/export-data');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(JSON.parse(String(init.body))).toEqual({ user_id: 7 });

    release();
    expect(await screen.findByRole('status')).toHaveTextContent(`Your download has started: ${NAME}`);
    expect(clicked).toEqual([{ href: 'blob:http://localhost/archive', download: NAME, attached: true }]);
    const blob = createObjectURL.mock.calls[0]![0] as Blob;
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(ZIP);
    // The link is gone and its URL let go.
    expect(document.querySelector('a[download]')).toBeNull();
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/archive'), { timeout: 2000 });
    expect(screen.getByRole('button', { name: 'Download your data' })).toBeEnabled();
  });

  it('shows the server’s message when it refuses, and lets the member try again', async () => {
    signIn(7);
    const { release } = stubFetch(jsonAnswer(429, { message: 'Too many requests. Please try again in 3600 seconds.' }));
    renderRow();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Download your data' }));
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again in 3600 seconds.');
    expect(screen.getByRole('button', { name: 'Download your data' })).toBeEnabled();
    expect(clicked).toEqual([]);
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('says when Inkwell cannot be reached', async () => {
    signIn(7);
    const { release } = stubFetch(() => new TypeError('Failed to fetch'));
    renderRow();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download your data' }));
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Inkwell could not be reached. Check your connection and try again.');
  });

  it('ends a session the server no longer knows (401)', async () => {
    signIn(7);
    const { release } = stubFetch(jsonAnswer(401, { message: 'Unauthenticated. Please log in again.' }));
    renderRow();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download your data' }));
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unauthenticated. Please log in again.');
    expect(getSession()).toBeNull();
  });

  it('names the file as the server says, or by the same pattern when it does not', () => {
    expect(downloadName(`attachment; filename="${NAME}"`, '7')).toBe(NAME);
    expect(downloadName("attachment; filename*=UTF-8''inkwell-%C3%A9-2026-01-02.zip", '7')).toBe('inkwell-é-2026-01-02.zip');
    expect(downloadName('attachment; filename="../../evil.zip"', '7')).toBe('.._.._evil.zip');
    expect(downloadName(null, '7')).toMatch(/^inkwell-7-\d{4}-\d\d-\d\d\.zip$/);
  });
});
