import { useState } from 'react';
import { useIntl } from 'react-intl';
import { mediaUrl } from '../../api/products';
import { TvIcon } from '../ui/icons';
import { imageSources, type ImageSlot } from './image-sources';

/**
 * A product or category picture; a neutral placeholder when missing or when it fails to load.
 * `renditions` (the item's imageRenditions) and `slot` let the browser download the rendition the
 * slot needs (image-sources.ts); `src` is the one shown where srcset is not understood or unknown.
 * Every slot's CSS gives it its box (aspect-ratio or a fixed size), so nothing moves as it loads.
 * `priority` is for the page's main picture (loaded eagerly, first: it is the largest paint).
 */
export function ProductImage({
  src,
  renditions,
  slot,
  alt,
  className,
  priority = false,
}: {
  src: string | null | undefined;
  renditions: unknown;
  slot: ImageSlot;
  alt: string;
  className?: string;
  priority?: boolean;
}) {
  const url = mediaUrl(src);
  const { srcSet, sizes } = imageSources(renditions, slot, (path) => mediaUrl(path) ?? path);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const intl = useIntl();
  if (!url || failedUrl === url) {
    if (!alt) {
      return (
        <div className={`img-placeholder ${className ?? ''}`} aria-hidden="true">
          <TvIcon size={40} />
        </div>
      );
    }
    return (
      <div
        className={`img-placeholder ${className ?? ''}`}
        role="img"
        aria-label={`${alt} (${intl.formatMessage({ id: 'product.imageUnavailable' })})`}
      >
        <TvIcon size={40} />
      </div>
    );
  }
  return (
    // The browser picks a candidate as the attributes arrive: loading and sizes before srcset and src.
    <img
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
      sizes={sizes}
      srcSet={srcSet}
      src={url}
      alt={alt}
      className={className}
      onError={() => setFailedUrl(url)}
    />
  );
}
