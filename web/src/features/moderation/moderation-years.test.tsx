import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@inkwell/contract';
import type { ModerationYearsResponse } from '@inkwell/contract/schemas';
import { mockApi, renderApp } from '../../test/render';

const COUNTS: ModerationYearsResponse = {
  years: [
    { year: 2026, reports: 1234, from_servers: 12, held: 3, decisions: { note: 1, warn: 2, hide: 5 }, appeals: { made: 4, upheld: 1, turned_down: 2, changed: 1 } },
    { year: 2025, reports: 7, from_servers: 0, held: 0, decisions: { suspend: 1 }, appeals: { made: 0, upheld: 0, turned_down: 0, changed: 0 } },
  ],
  servers: [
    { domain: 'sp*m.example', severity: 'suspend', reject_media: true, reject_reports: true, reason: 'Spam, <b>only</b> spam.' },
    { domain: 'pics.example', severity: 'noop', reject_media: true, reject_reports: false, reason: '' },
    { domain: 'loud.example', severity: 'noop', reject_media: true, reject_reports: true, reason: 'Floods of reports.' },
    { domain: 'farm.example', severity: 'silence', reject_media: false, reject_reports: false, reason: 'Follow farms.' },
    { domain: 'gore.example', severity: 'silence', reject_media: true, reject_reports: false, reason: '' },
  ],
};

describe('Moderation on this server', () => {
  it('shows each year’s counts in tables a screen reader names by row and year', async () => {
    const fetchMock = mockApi((path) => (path === 'moderation' ? { body: COUNTS } : undefined));
    renderApp(paths.moderation.getHref());
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation on this server' })).toBeInTheDocument();
    const reports = await screen.findByRole('table', { name: 'Reports' });
    expect(
      within(reports)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['2026', '2025']);
    const made = within(reports).getByRole('row', { name: /Reports made/ });
    expect(
      within(made)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['1,234', '7']);
    const decisions = screen.getByRole('table', { name: 'Decisions' });
    expect(
      within(within(decisions).getByRole('row', { name: /Comments and replies hidden/ }))
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['5', '0']);
    expect(
      within(within(decisions).getByRole('row', { name: /Accounts suspended/ }))
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['0', '1']);
    const appeals = screen.getByRole('table', { name: 'Appeals' });
    expect(
      within(within(appeals).getByRole('row', { name: /turned down/ }))
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['2', '0']);
    expect(screen.getByRole('link', { name: 'the rules of this server' })).toHaveAttribute('href', '/rules');
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/user/moderation')).toHaveLength(1);
  });

  it('lists the servers blocked, what happens to each and why, in words', async () => {
    mockApi((path) => (path === 'moderation' ? { body: COUNTS } : undefined));
    renderApp(paths.moderation.getHref());
    expect(await screen.findByRole('heading', { level: 2, name: 'Servers we block' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Servers we block' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Server', 'What happens', 'Reason']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['sp*m.example', 'Suspended: nothing is taken from it or sent to it', 'Spam, <b>only</b> spam.'],
      ['pics.example', 'Media refused', 'No reason given'],
      ['loud.example', 'Media and reports refused', 'Floods of reports.'],
      ['farm.example', 'Limited: its accounts are out of feeds and search but for their followers', 'Follow farms.'],
      ['gore.example', 'Limited: its accounts are out of feeds and search but for their followers; its media refused', 'No reason given'],
    ]);
    expect(table.querySelector('b')).toBeNull();
  });

  it('says so when nothing has been reported yet, and when no server is blocked', async () => {
    mockApi((path) => (path === 'moderation' ? { body: { years: [], servers: [] } } : undefined));
    renderApp(paths.moderation.getHref());
    expect(await screen.findByText('Nothing has been reported here yet.')).toBeInTheDocument();
    expect(screen.getByText('No server is blocked.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
