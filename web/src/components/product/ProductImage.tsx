import { useState } from 'react';
import { useIntl } from 'react-intl';
import { mediaUrl } from '../../api/products';
import { TvIcon } from '../ui/icons';

/** A product or category picture; a neutral placeholder when missing or when it fails to load. */
export function ProductImage({ src, alt, className }: { src: string | null | undefined; alt: string; className?: string }) {
  const url = mediaUrl(src);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const intl = useIntl();
  if (!url || failedUrl === url) {
    return (
      <div className={`img-placeholder ${className ?? ''}`} role="img" aria-label={`${alt} (${intl.formatMessage({ id: 'product.imageUnavailable' })})`}>
        <TvIcon size={40} />
      </div>
    );
  }
  return <img src={url} alt={alt} className={className} loading="lazy" decoding="async" onError={() => setFailedUrl(url)} />;
}
