import { useState } from 'react';
import { useIntl } from 'react-intl';
import { mediaUrl } from '../../api/products';
import { TvIcon } from '../ui/icons';

/**
 * A product or category picture; a neutral placeholder when missing or when it fails to load.
 * `priority` is for the page's main picture (loaded eagerly, first: it is the largest paint).
 */
export function ProductImage({
  src,
  alt,
  className,
  priority = false,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  priority?: boolean;
}) {
  const url = mediaUrl(src);
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
    <img
      src={url}
      alt={alt}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
      onError={() => setFailedUrl(url)}
    />
  );
}
