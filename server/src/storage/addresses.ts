import { storedImageUrl } from '@inkwell/contract';
import { STORAGE_URL_PREFIX, mainPathOf } from './storage.ts';

/**
 * Where a stored file is read from outside the site's own pages: its address on the site (PUBLIC_URL),
 * or, with STORAGE_PUBLIC_URL, the CDN's (which /storage/<path> redirects to).
 */
export interface ImageAddresses {
  publicUrl: string;
  /** STORAGE_PUBLIC_URL, without its trailing slash. */
  storagePublicUrl?: string | undefined;
}

/** A stored file's address on the CDN: what GET /storage/<path> redirects to (308). */
export function cdnUrl(storagePublicUrl: string, storedPath: string): string {
  return `${storagePublicUrl}/${storedPath}`;
}

/**
 * An image a row or a body names (a cover, a member's picture, a body's src) as an absolute address, for
 * a mail or anything else read away from the site: the contract's rule first (a stored path is under
 * /storage/, an address stays itself), then a stored file straight at STORAGE_PUBLIC_URL when it is set
 * (a mail program would otherwise be sent there by a 308 for every image of every mail opened), and any
 * other root path on PUBLIC_URL.
 */
export function absoluteImageUrl(value: string, where: ImageAddresses): string {
  const address = storedImageUrl(value);
  if (!address.startsWith('/') || address.startsWith('//')) return address;
  const stored = address.startsWith(STORAGE_URL_PREFIX) ? address.slice(STORAGE_URL_PREFIX.length) : null;
  if (stored && where.storagePublicUrl && mainPathOf(stored)) return cdnUrl(where.storagePublicUrl, stored);
  return `${where.publicUrl}${address}`;
}
