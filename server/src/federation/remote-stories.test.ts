import { Article, Note, PUBLIC_COLLECTION } from '@fedify/vocab';
import { Temporal as Polyfill } from '@js-temporal/polyfill';
import { describe, expect, it } from 'vitest';
import { loadXssPayloads } from '../../../testdata/xss.ts';
import { isPublic, storyValues } from './remote-stories.ts';

const NOW = '2026-11-28T12:00:00.000Z';
const at = (iso: string) => Polyfill.Instant.from(iso) as unknown as Temporal.Instant;

describe('storyValues: what is kept of a story from another server, as a post', () => {
  it('keeps its title and summary as text, its content sanitized without pictures, its dates never ahead', () => {
    const article = new Article({
      id: new URL('https://far.example/articles/1'),
      name: 'Night <b>trains</b> &amp; more',
      summary: '<p>Short <em>and</em> sweet</p>',
      content: '<p>Hello <a href="javascript:alert(1)">there</a> <img src="https://far.example/x.png" alt="x"> <strong>friend</strong></p><script>alert(1)</script>',
      url: new URL('https://far.example/@lin/night-trains'),
      published: at('2026-11-27T10:00:00Z'),
      updated: at('2027-01-01T00:00:00Z'),
    });
    expect(storyValues(article, NOW)).toEqual({
      url: 'https://far.example/@lin/night-trains',
      title: 'Night trains & more',
      sub_title: 'Short and sweet',
      description: '<p>Hello <a target="_blank" rel="noopener noreferrer nofollow">there</a>  <strong>friend</strong></p>',
      body_text: 'Hello there friend',
      read_time: 1,
      created_at: '2026-11-27T10:00:00.000Z',
      updated_at: NOW,
    });
  });

  it('takes a Note without a title, its address when it gives no page, and nothing from an empty one', () => {
    const note = new Note({ id: new URL('https://far.example/notes/2'), content: '<p>Just a thought.</p>' });
    expect(storyValues(note, NOW)).toMatchObject({ url: 'https://far.example/notes/2', title: '', sub_title: '', description: '<p>Just a thought.</p>', created_at: NOW });
    expect(storyValues(new Note({ id: new URL('https://far.example/notes/3'), content: '<p><img src="x"></p>' }), NOW)).toBeNull();
    expect(storyValues(new Note({ id: new URL('https://far.example/notes/4'), url: new URL('javascript:alert(1)'), content: '<p>x</p>' }), NOW)?.url).toBe(
      'https://far.example/notes/4',
    );
  });

  it('lets no script, handler or picture through from the shared XSS payloads', () => {
    for (const payload of loadXssPayloads()) {
      const kept = storyValues(new Article({ id: new URL('https://far.example/a'), name: 'T', content: payload }), NOW)!;
      // What looks like an attribute outside a tag is text, shown escaped; inside a tag none may be.
      expect(kept.description, payload).not.toMatch(/<(script|img|iframe|svg|object|embed|style)\b/i);
      expect(kept.description, payload).not.toMatch(/<[^>]*\son\w+\s*=[^>]*>/i);
      // An address a browser would run (it skips leading spaces and control characters first).
      // eslint-disable-next-line no-control-regex
      expect(kept.description, payload).not.toMatch(/\s(href|src)\s*=\s*"[\s\x00-\x1f]*(javascript|vbscript|data):/i);
    }
  });
});

describe('isPublic: only a story addressed to the public is kept', () => {
  const note = (to: URL[], cc: URL[] = []) => new Note({ id: new URL('https://far.example/notes/5'), content: '<p>x</p>', tos: to, ccs: cc });
  const followers = new URL('https://far.example/users/lin/followers');
  it('keeps a public post, and an unlisted one (the public in cc)', () => {
    expect(isPublic(note([PUBLIC_COLLECTION], [followers]))).toBe(true);
    expect(isPublic(note([followers], [PUBLIC_COLLECTION]))).toBe(true);
  });
  it('never a followers-only post, nor a direct message', () => {
    expect(isPublic(note([followers]))).toBe(false);
    expect(isPublic(note([new URL('https://here.example/ap/users/7')]))).toBe(false);
    expect(isPublic(note([]))).toBe(false);
  });
});
