import { describe, expect, it } from 'vitest';
import { safeNextPath } from './routes.ts';

describe('safeNextPath', () => {
  it('keeps a path of this site, with its query and hash', () => {
    expect(safeNextPath('/view-post/abc123#comments')).toBe('/view-post/abc123#comments');
    expect(safeNextPath('/search?q=tides')).toBe('/search?q=tides');
  });

  it('refuses another origin, a sign-in page, anything but text', () => {
    for (const next of ['//evil.test', '/\\evil.test', 'https://evil.test/', 'javascript:alert(1)', '/login', '/signup/', '/verified?x=1', '', 42, null, `/${'a'.repeat(2001)}`]) {
      expect(safeNextPath(next), String(next)).toBeNull();
    }
  });
});
