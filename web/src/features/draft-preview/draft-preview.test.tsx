import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DRAFT_MESSAGES, paths, type DraftPreview } from '@inkwell/contract';
import { jsonBody, mockApi, renderApp } from '../../test/render';

function aPreview(overrides: Partial<DraftPreview> = {}): DraftPreview {
  return {
    title: 'A story in the making',
    sub_title: 'Read it before anyone else',
    category_id: 1,
    description: '<p>The first paragraph.</p>',
    image: null,
    read_time: 2,
    updated_at: '2026-03-01T12:04:00.000Z',
    publish_at: null,
    author: { id: 7, name: 'Ada', profile_picture: null },
    ...overrides,
  };
}

describe('Draft preview', () => {
  it('shows the draft as its post page will be, under the not-published banner, without actions, never indexed', async () => {
    const fetchMock = mockApi((path) => {
      if (path === 'draft-preview') return { body: { preview: aPreview() } };
      if (path === 'categories') return { body: [{ id: 1, name: 'Technology', image: null }] };
      return undefined;
    });
    renderApp(paths.draftPreview.getHref('s3cr3t-token'));
    expect(await screen.findByRole('heading', { level: 1, name: 'A story in the making' })).toBeInTheDocument();
    expect(screen.getByTestId('preview-banner')).toHaveTextContent('Preview — this story is not published yet.');
    expect(screen.getByTestId('post-subtitle')).toHaveTextContent('Read it before anyone else');
    expect(screen.getByText('Ada')).toBeInTheDocument();
    expect(screen.getByTestId('post-read-time')).toHaveTextContent('2 min read');
    expect(await screen.findByText('The first paragraph.')).toBeInTheDocument();
    const article = screen.getByRole('article');
    expect(within(article).queryByRole('button', { name: /like|save|comment|share/i })).not.toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(document.title).toBe('Preview: A story in the making · Inkwell');
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/draft-preview'));
    expect(jsonBody(call![1] as RequestInit)).toEqual({ token: 's3cr3t-token' });
  });

  it('says when the link no longer works', async () => {
    mockApi((path) => (path === 'draft-preview' ? { status: 404, body: { message: DRAFT_MESSAGES.previewNotFound } } : undefined));
    renderApp(paths.draftPreview.getHref('old-token'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Preview not available' })).toBeInTheDocument();
    expect(screen.getByText(DRAFT_MESSAGES.previewNotFound)).toBeInTheDocument();
    expect(screen.queryByTestId('preview-banner')).not.toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});
