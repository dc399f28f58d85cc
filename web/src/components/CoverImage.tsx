import { DEFAULT_POST_IMAGE, imageSrcSet } from '@inkwell/contract';
import { storageUrl } from '../lib/media';

interface CoverImageProps {
  /** The stored cover, or null: the default picture (SPEC §8). */
  path: string | null;
  /** Its intrinsic width when known, which tells the narrower copies it has (contract/images.ts). */
  intrinsicWidth?: number | null;
  /** How wide it shows at each screen width: the browser picks the copy from it. */
  sizes: string;
  /** The box it fills (CSS sets it too): width and height reserve its space before it loads. */
  width: number;
  height: number;
  /** The first image of a page: fetched at once with high priority; any other waits until it nears the screen. */
  priority?: boolean;
  className?: string;
}

/**
 * A post's cover in the size the screen needs. A copy that fails gives way to the stored file, which
 * gives way to the default cover once (SPEC §8).
 */
export function CoverImage({ path, intrinsicWidth, sizes, width, height, priority = false, className = '' }: CoverImageProps) {
  const src = storageUrl(path, DEFAULT_POST_IMAGE);
  const srcSet = path ? imageSrcSet(src, intrinsicWidth) : null;
  return (
    <img
      // srcset and sizes before src: a browser that starts loading at src would fetch the largest file.
      srcSet={srcSet ?? undefined}
      sizes={srcSet ? sizes : undefined}
      src={src}
      alt=""
      width={width}
      height={height}
      {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const, decoding: 'async' as const })}
      onError={(event) => {
        const image = event.currentTarget;
        if (image.hasAttribute('srcset')) {
          image.removeAttribute('srcset');
          image.removeAttribute('sizes');
        } else if (!image.src.endsWith(DEFAULT_POST_IMAGE)) {
          image.src = DEFAULT_POST_IMAGE;
        }
      }}
      className={`bg-zinc-100 object-cover dark:bg-zinc-800 ${className}`}
    />
  );
}
