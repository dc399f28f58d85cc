import { Image } from '@fedify/vocab';

const MEDIA_TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', avif: 'image/avif' };

/** A stored picture's address (`/storage/…`, a bare path, or absolute), absolute on publicUrl, with its media type when its extension tells it. */
export function picture(raw: string, publicUrl: string): Image {
  const url = /^https?:\/\//.test(raw) ? new URL(raw) : new URL(raw.startsWith('/') ? raw : `/storage/${raw}`, publicUrl);
  const mediaType = MEDIA_TYPES[/\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase() ?? ''];
  return new Image({ url, ...(mediaType ? { mediaType } : {}) });
}
