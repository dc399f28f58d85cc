import { DEFAULT_USER_IMAGE } from '@inkwell/contract';
import { storageUrl } from '../lib/media';

interface AvatarProps {
  src?: string | null;
  alt?: string;
  size?: number;
  className?: string;
}

/**
 * Sizes as classes, not a style attribute: pages rendered on the server must hold no inline style (the
 * Content-Security-Policy refuses them). Written out in full so Tailwind finds them.
 */
const SIZE_CLASS: Record<number, string> = {
  20: 'size-5',
  24: 'size-6',
  28: 'size-7',
  32: 'size-8',
  36: 'size-9',
  40: 'size-10',
  44: 'size-11',
  64: 'size-16',
  96: 'size-24',
};

/**
 * A round user picture that falls back to the default silhouette (SPEC §8) and reserves its space. No
 * referrer goes with it (a fediverse account's picture is fetched from its own server).
 */
export function Avatar({ src, alt = '', size = 32, className = '' }: AvatarProps) {
  return (
    <img
      src={storageUrl(src)}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(DEFAULT_USER_IMAGE)) event.currentTarget.src = DEFAULT_USER_IMAGE;
      }}
      className={`shrink-0 rounded-full bg-zinc-200 object-cover dark:bg-zinc-800 ${SIZE_CLASS[size] ?? ''} ${className}`}
    />
  );
}
