import { DEFAULT_POST_IMAGE, imageSrcSet, type PostCard } from '@inkwell/contract';
import { storageUrl } from '../lib/media';

interface CoverImageProps {
  /**
   * The post's stored cover (`image`, or null: the default picture, SPEC §8) and its intrinsic width
   * when known (`image_width`), which tells the narrower copies it has (contract/images.ts).
   */
  cover: Pick<PostCard, 'image' | 'image_width'>;
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
export function CoverImage({ cover, sizes, width, height, priority = false, className = '' }: CoverImageProps) {
  const src = storageUrl(cover.image, DEFAULT_POST_IMAGE);
  const srcSet = cover.image ? imageSrcSet(src, cover.image_width) : null;
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
