import Sqids from 'sqids';

/**
 * Ids in page addresses (/view-post/{id}, /view-profile/{id}, /recommended/{catogary}) are Sqids of the
 * numeric ids (DESIGN: the API contract). API bodies carry plain numbers. The alphabet is shuffled so
 * addresses do not reveal counts at a glance; this is obfuscation, not access control.
 */
/**
 * The largest id any table holds: ids are 32-bit signed integers on PostgreSQL (SERIAL), and SQLite
 * is held to the same so that both databases answer an out-of-range id alike (422, never a 500).
 */
export const MAX_ID = 2_147_483_647;

const sqids = new Sqids({
  alphabet: 'k3G7QAe51FCsPW92uEOyq4Bg6Sp8YzVTmnU0liwDNXrhcfHZbxaRMjLdJtvIoK',
  minLength: 6,
});

/** Encodings made lately (a page links the same few ids many times; Sqids is not cheap). */
const encoded = new Map<number, string>();
const ENCODED_MAX = 5000;

export function encodeId(id: number): string {
  let text = encoded.get(id);
  if (text === undefined) {
    text = sqids.encode([id]);
    if (encoded.size >= ENCODED_MAX) encoded.clear();
    encoded.set(id, text);
  }
  return text;
}

/** The numeric id, or null when the text is not a canonical encoding of one positive id. */
export function decodeId(text: string): number | null {
  const numbers = sqids.decode(text);
  if (numbers.length !== 1) return null;
  const id = numbers[0]!;
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) return null;
  // Sqids decodes some non-canonical strings; only accept the one that encodes back to itself.
  return encodeId(id) === text ? id : null;
}
