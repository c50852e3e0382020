import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { UNLIMITED_DEVICES } from '@shared/catalogue/constants';
import type { ProductView } from '@shared/catalogue/types';
import { CheckIcon, DevicesIcon, FilmIcon, SignalIcon, TagIcon, TvIcon } from '../ui/icons';

/** Specifications (channels, quality, devices, VOD, category) and the feature list, of a product shown in the page's language. */
export function ProductSpecs({ product }: { product: ProductView }) {
  const intl = useIntl();
  const rows: { key: string; icon: ReactNode; label: ReactNode; value: ReactNode }[] = [
    {
      key: 'channels',
      icon: <TvIcon size={18} />,
      label: <FormattedMessage id="product.spec.channels" />,
      value: <bdi>{intl.formatNumber(product.channels)}</bdi>,
    },
    {
      key: 'quality',
      icon: <SignalIcon size={18} />,
      label: <FormattedMessage id="product.spec.quality" />,
      value: <bdi>{product.quality || '—'}</bdi>,
    },
    {
      key: 'devices',
      icon: <DevicesIcon size={18} />,
      label: <FormattedMessage id="product.spec.devices" />,
      value:
        product.devices >= UNLIMITED_DEVICES ? (
          <FormattedMessage id="product.unlimited" />
        ) : (
          <FormattedMessage id="product.devices" values={{ count: product.devices }} />
        ),
    },
    {
      key: 'vod',
      icon: <FilmIcon size={18} />,
      label: <FormattedMessage id="product.spec.vod" />,
      value: <FormattedMessage id={product.vod ? 'product.included' : 'product.notIncluded'} />,
    },
  ];
  if (product.category_name) {
    rows.push({
      key: 'category',
      icon: <TagIcon size={18} />,
      label: <FormattedMessage id="product.spec.category" />,
      value: <span dir="auto">{product.category_name}</span>,
    });
  }
  return (
    <div className="product-specs-grid">
      <section className="card spec-card" aria-labelledby="specs-title">
        <h2 id="specs-title" className="card-title">
          <FormattedMessage id="product.specifications" />
        </h2>
        <dl className="spec-list" data-testid="product-specs">
          {rows.map((row) => (
            <div key={row.key} className="spec-row" data-spec={row.key}>
              <dt>
                {row.icon}
                {row.label}
              </dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {product.features.length > 0 && (
        <section className="card spec-card" aria-labelledby="features-title">
          <h2 id="features-title" className="card-title">
            <FormattedMessage id="product.features" />
          </h2>
          <ul className="feature-list" role="list" lang={product.language} dir="auto">
            {product.features.map((feature, index) => (
              <li key={index}>
                <span className="feature-check">
                  <CheckIcon size={14} />
                </span>
                {feature}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
