import { describe, expect, it } from 'vitest';
import { PASSWORD_PATTERN, TEXT } from './constants.ts';
import { MAX_ID, decodeId, encodeId } from './ids.ts';
import { paths } from './routes.ts';
import { formatPostDate, maskEmail, readTimeFromText, relativeTime } from './rules.ts';
import { registerBody } from './schemas/auth.ts';

describe('maskEmail', () => {
  it('keeps the first 3 characters of the local part', () => {
    expect(maskEmail('johnsmith@example.com')).toBe('joh******@example.com');
    expect(maskEmail('ab@example.com')).toBe('ab@example.com');
  });
  it.each([null, undefined, '', 'no-at-sign', 'a@b', '@example.com'])('says Invalid email for %j', (value) => {
    expect(maskEmail(value)).toBe(TEXT.invalidEmail);
  });
});

describe('readTimeFromText', () => {
  it('is words / 100 rounded up, 0 when empty', () => {
    expect(readTimeFromText('')).toBe(0);
    expect(readTimeFromText('   ')).toBe(0);
    expect(readTimeFromText('one')).toBe(1);
    expect(readTimeFromText(Array(100).fill('w').join(' '))).toBe(1);
    expect(readTimeFromText(Array(101).fill('w').join('\n'))).toBe(2);
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it.each([
    [0, 'just now'],
    [1, '1 second ago'],
    [59, '59 seconds ago'],
    [60, '1 minute ago'],
    [7200, '2 hours ago'],
    [86400 * 3, '3 days ago'],
    [2592000, '1 month ago'],
    [31536000 * 2, '2 years ago'],
  ])('%i seconds → %s', (seconds, text) => {
    expect(relativeTime(new Date(now.getTime() - seconds * 1000), now)).toBe(text);
  });
});

describe('formatPostDate', () => {
  it('writes en-GB day, long month, year', () => {
    expect(formatPostDate('2026-03-05T10:00:00Z')).toBe('5 March 2026');
    expect(formatPostDate(null)).toBe('date not found');
    expect(formatPostDate('garbage')).toBe('date not found');
  });

  it('writes the day in UTC when asked (a server render, and its hydration)', () => {
    expect(formatPostDate('2026-03-05T23:30:00Z', 'UTC')).toBe('5 March 2026');
    expect(formatPostDate('2026-03-06T00:30:00+02:00', 'UTC')).toBe('5 March 2026');
    expect(formatPostDate('garbage', 'UTC')).toBe('date not found');
  });

  it("writes what Intl's en-GB long date writes, in the reader's time zone", () => {
    const intl = () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
    const zone = process.env.TZ;
    try {
      for (const tz of ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Kiritimati']) {
        process.env.TZ = tz;
        const format = intl();
        // Every 7 h 13 min from 1970 to 2100: each day of the month, month and hour boundary is crossed.
        for (let t = 0; t < Date.UTC(2100, 0, 1); t += 26_000_000) {
          const date = new Date(t);
          if (formatPostDate(date) !== format.format(date)) expect([tz, formatPostDate(date)]).toEqual([tz, format.format(date)]);
        }
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('password rules', () => {
  it.each(['Secret#123', 'abcdefg1!', 'A1!A1!A1!'])('accepts %s', (p) => expect(PASSWORD_PATTERN.test(p)).toBe(true));
  it.each(['short1!', 'password1', '12345678!', 'abcdefgh!', 'pass word1!', 'pässword1!'])('refuses %s', (p) => expect(PASSWORD_PATTERN.test(p)).toBe(false));
  it('reports a mismatched confirmation with the spec text', () => {
    const result = registerBody.safeParse({ email: 'a@b.co', password: 'Secret#123', password_confirmation: 'Secret#124' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("pasword didn't match");
  });
});

describe('ids in addresses', () => {
  it('round-trips and refuses what is not an encoding', () => {
    for (const id of [1, 2, 42, 123456, MAX_ID]) expect(decodeId(encodeId(id))).toBe(id);
    // Past what the id columns hold: not an address of anything (and never a database error).
    expect(decodeId(encodeId(MAX_ID + 1))).toBeNull();
    expect(encodeId(1)).toHaveLength(6);
    expect(decodeId('')).toBeNull();
    expect(decodeId('!!!')).toBeNull();
    expect(decodeId('1')).toBeNull();
  });
  it('builds links through the route table', () => {
    expect(paths.viewPost.getHref(7)).toBe(`/view-post/${encodeId(7)}`);
    expect(paths.editPost.getHref(7)).toBe('/edit-post/7');
  });
});
