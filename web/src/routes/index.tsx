import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { pickFeatured, productsQuery } from '../api/products';
import { ProductCardSkeleton } from '../components/catalogue/CardSkeletons';
import { ProductCard } from '../components/product/ProductCard';
import { ExternalLink } from '../components/ui/ExternalLink';
import { SectionHeader } from '../components/ui/SectionHeader';
import { RetryButton } from '../components/ui/StateActions';
import { StatePanel } from '../components/ui/StatePanel';
import {
  AlertIcon,
  ArrowForwardIcon,
  BoltIcon,
  DevicesIcon,
  FourKIcon,
  HeadsetIcon,
  InboxIcon,
  ShieldIcon,
  SignalIcon,
  TvIcon,
  WhatsAppIcon,
} from '../components/ui/icons';
import { whatsappLink } from '../config';
import { FEATURED_PRODUCTS } from '../lib/catalogue';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/usePageTitle';

export const Route = createFileRoute('/')({
  // The featured packages start loading with the page but do not hold it up: the hero is what the
  // shopper sees first, and the featured section shows its own placeholder, or its error and a retry.
  loader: ({ context: { queryClient } }) => {
    queryClient.ensureQueryData(productsQuery()).catch(() => undefined);
  },
  component: HomePage,
});

function HomePage() {
  usePageTitle();
  return (
    <>
      <Hero />
      <Stats />
      <FeaturedPackages />
      <WhyChooseUs />
      <CallToAction />
    </>
  );
}

function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-inner">
        <div className="hero-copy">
          <p className="eyebrow">
            <FormattedMessage id="home.hero.eyebrow" />
          </p>
          <h1 id="hero-title" className="hero-title">
            <FormattedMessage id="home.hero.title" />
          </h1>
          <p className="hero-subtitle">
            <FormattedMessage id="home.hero.subtitle" />
          </p>
          <div className="hero-actions">
            <Link to={paths.store} className="btn btn-primary btn-lg" data-testid="hero-cta">
              <FormattedMessage id="home.hero.cta" />
              <ArrowForwardIcon size={18} />
            </Link>
            <a href="#featured" className="btn btn-ghost-light btn-lg">
              <FormattedMessage id="home.hero.secondary" />
            </a>
          </div>
        </div>
        <HeroVisual />
      </div>
    </section>
  );
}

/** A decorative TV screen with a live badge and channel tiles. */
function HeroVisual() {
  return (
    <div className="hero-visual" aria-hidden="true">
      <div className="hero-screen">
        <div className="hero-screen-top">
          <span className="live-pill">
            <span className="live-dot" />
            LIVE
          </span>
          <span className="quality-pill">4K</span>
        </div>
        <div className="hero-play">
          <svg viewBox="0 0 24 24" width="36" height="36" fill="currentColor">
            <path d="M8 5.5v13l10.5-6.5L8 5.5Z" />
          </svg>
        </div>
        <div className="hero-progress">
          <span />
        </div>
      </div>
      <div className="hero-tiles">
        {['tile-a', 'tile-b', 'tile-c', 'tile-d'].map((tile) => (
          <span key={tile} className={`hero-tile ${tile}`} />
        ))}
      </div>
    </div>
  );
}

/** 99.9 % in the page's number format (uptime figure used in two places). */
function formatUptime(intl: IntlShape): string {
  return intl.formatNumber(0.999, { style: 'percent', maximumFractionDigits: 1 });
}

function Stats() {
  const intl = useIntl();
  const number = (value: number) => intl.formatNumber(value);
  // Figures are isolated left-to-right runs ("10,000+"); the quality value is text in the page language.
  const stats: { icon: ReactNode; value: ReactNode; label: ReactNode }[] = [
    {
      icon: <TvIcon />,
      value: <bdi dir="ltr">{`${number(10000)}+`}</bdi>,
      label: <FormattedMessage id="home.stats.channels" />,
    },
    {
      icon: <SignalIcon />,
      value: <bdi dir="ltr">{formatUptime(intl)}</bdi>,
      label: <FormattedMessage id="home.stats.uptime" />,
    },
    { icon: <HeadsetIcon />, value: <bdi dir="ltr">24/7</bdi>, label: <FormattedMessage id="home.stats.support" /> },
    {
      icon: <DevicesIcon />,
      value: <bdi dir="ltr">{`${number(5)}+`}</bdi>,
      label: <FormattedMessage id="home.stats.devices" />,
    },
    {
      icon: <FourKIcon />,
      value: <FormattedMessage id="home.stats.qualityValue" />,
      label: <FormattedMessage id="home.stats.quality" />,
    },
  ];
  return (
    <section className="container stats-section" aria-label={intl.formatMessage({ id: 'home.stats.label' })}>
      <ul className="stats card">
        {stats.map((stat, index) => (
          <li key={index} className="stat">
            <span className="stat-icon">{stat.icon}</span>
            <span className="stat-text">
              <span className="stat-value">{stat.value}</span>
              <span className="stat-label">{stat.label}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FeaturedPackages() {
  const products = useQuery(productsQuery());
  const featured = products.data ? pickFeatured(products.data, FEATURED_PRODUCTS) : [];

  let content: ReactNode;
  if (products.isPending) {
    content = (
      <div className="product-grid" aria-busy="true">
        <p role="status" className="visually-hidden">
          <FormattedMessage id="home.featured.loading" />
        </p>
        {Array.from({ length: FEATURED_PRODUCTS }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    );
  } else if (products.isError) {
    content = (
      <StatePanel
        tone="error"
        headingLevel={3}
        testId="featured-error"
        icon={<AlertIcon size={28} />}
        title={<FormattedMessage id="home.featured.error" />}
        text={<FormattedMessage id="home.featured.errorHint" />}
        actions={<RetryButton onRetry={() => void products.refetch()} disabled={products.isFetching} />}
      />
    );
  } else if (featured.length === 0) {
    content = (
      <StatePanel
        headingLevel={3}
        testId="featured-empty"
        icon={<InboxIcon size={28} />}
        title={<FormattedMessage id="home.featured.empty" />}
        text={<FormattedMessage id="home.featured.emptyHint" />}
      />
    );
  } else {
    content = (
      <ul className="product-grid" role="list">
        {featured.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section id="featured" className="section container" aria-labelledby="featured-title" tabIndex={-1}>
      <SectionHeader
        id="featured-title"
        title={<FormattedMessage id="home.featured.title" />}
        subtitle={<FormattedMessage id="home.featured.subtitle" />}
        action={
          <Link to={paths.store} className="link-arrow">
            <FormattedMessage id="home.featured.viewAll" />
            <ArrowForwardIcon size={16} />
          </Link>
        }
      />
      {content}
    </section>
  );
}

function WhyChooseUs() {
  const intl = useIntl();
  const values = { uptime: formatUptime(intl) };
  const items = [
    { icon: <BoltIcon />, title: 'home.why.activation.title', body: 'home.why.activation.body' },
    { icon: <FourKIcon />, title: 'home.why.stable.title', body: 'home.why.stable.body' },
    { icon: <ShieldIcon />, title: 'home.why.payment.title', body: 'home.why.payment.body' },
    { icon: <HeadsetIcon />, title: 'home.why.support.title', body: 'home.why.support.body' },
  ] as const;
  return (
    <section className="section section-alt" aria-labelledby="why-title">
      <div className="container">
        <SectionHeader
          id="why-title"
          title={<FormattedMessage id="home.why.title" />}
          subtitle={<FormattedMessage id="home.why.subtitle" />}
          centered
        />
        <ul className="feature-grid" role="list">
          {items.map((item) => (
            <li key={item.title} className="card feature-card">
              <span className="feature-icon">{item.icon}</span>
              <h3 className="feature-title">
                <FormattedMessage id={item.title} />
              </h3>
              <p className="feature-body">
                <FormattedMessage id={item.body} values={values} />
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function CallToAction() {
  const intl = useIntl();
  return (
    <section className="section container" aria-labelledby="cta-title">
      <div className="cta-band">
        <div className="cta-copy">
          <h2 id="cta-title" className="cta-title">
            <FormattedMessage id="home.cta.title" />
          </h2>
          <p className="cta-body">
            <FormattedMessage id="home.cta.body" />
          </p>
        </div>
        <div className="cta-actions">
          <Link to={paths.store} className="btn btn-light btn-lg">
            <FormattedMessage id="home.cta.store" />
            <ArrowForwardIcon size={18} />
          </Link>
          <ExternalLink
            href={whatsappLink(intl.formatMessage({ id: 'home.cta.whatsappMessage' }))}
            className="btn btn-whatsapp btn-lg"
            testId="whatsapp-cta"
          >
            <WhatsAppIcon />
            <FormattedMessage id="home.cta.whatsapp" />
          </ExternalLink>
        </div>
      </div>
    </section>
  );
}
