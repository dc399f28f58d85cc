import { DEFAULT_USER_IMAGE } from '@inkwell/contract';
import { storageUrl } from '../lib/media';

interface AvatarProps {
  src?: string | null;
  alt?: string;
  size?: number;
  className?: string;
}

/** A round user picture that falls back to the default silhouette (SPEC §8) and reserves its space. */
export function Avatar({ src, alt = '', size = 32, className = '' }: AvatarProps) {
  return (
    <img
      src={storageUrl(src)}
      alt={alt}
      width={size}
      height={size}
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(DEFAULT_USER_IMAGE)) event.currentTarget.src = DEFAULT_USER_IMAGE;
      }}
      className={`shrink-0 rounded-full bg-zinc-200 object-cover dark:bg-zinc-800 ${className}`}
      style={{ width: size, height: size }}
    />
  );
}
