import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_WHATSAPP, displayPhone, whatsappLink } from '../../config';
import { DownloadIcon, MailIcon, PhoneIcon, ShieldIcon, WhatsAppIcon } from '../ui/icons';
import { ExternalLink } from '../ui/ExternalLink';
import { LogoMark } from './Logo';
import { FooterLegal } from '../legal/FooterLegal';
import { paths } from '../../lib/paths';

export function Footer() {
  const intl = useIntl();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section className="footer-about" aria-label={intl.formatMessage({ id: 'brand.name' })}>
          <span className="brand brand-static">
            <LogoMark size={32} />
            <span className="brand-name">
              <FormattedMessage id="brand.name" />
            </span>
          </span>
          <p>
            <FormattedMessage id="footer.about" />
          </p>
          <p className="footer-secure">
            <ShieldIcon size={18} />
            <FormattedMessage id="footer.payment" />
          </p>
        </section>

        <nav className="footer-col" aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="footer-title">
            <FormattedMessage id="footer.explore" />
          </h2>
          <ul className="footer-links">
            <li>
              <Link to={paths.home}>
                <FormattedMessage id="nav.home" />
              </Link>
            </li>
            <li>
              <Link to={paths.store}>
                <FormattedMessage id="nav.store" />
              </Link>
            </li>
            <li>
              <Link to={paths.cart}>
                <FormattedMessage id="nav.cart" />
              </Link>
            </li>
            <li>
              <Link to={paths.findOrder} data-testid="footer-find-order">
                <FormattedMessage id="nav.findOrder" />
              </Link>
            </li>
          </ul>
        </nav>

        <section className="footer-col" aria-labelledby="footer-support">
          <h2 id="footer-support" className="footer-title">
            <FormattedMessage id="footer.support" />
          </h2>
          <p className="footer-note">
            <FormattedMessage id="footer.supportHours" />
          </p>
          <ul className="footer-contact">
            <li>
              <ExternalLink href={whatsappLink(intl.formatMessage({ id: 'home.cta.whatsappMessage' }))}>
                <WhatsAppIcon size={18} />
                <span>
                  <span className="visually-hidden">
                    <FormattedMessage id="footer.whatsapp" />
                    {': '}
                  </span>
                  <bdi dir="ltr">{displayPhone(SUPPORT_WHATSAPP)}</bdi>
                </span>
              </ExternalLink>
            </li>
            <li>
              <a href={`tel:${SUPPORT_PHONE}`}>
                <PhoneIcon size={18} />
                <span>
                  <span className="visually-hidden">
                    <FormattedMessage id="footer.phone" />
                    {': '}
                  </span>
                  <bdi dir="ltr">{displayPhone(SUPPORT_PHONE)}</bdi>
                </span>
              </a>
            </li>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`}>
                <MailIcon size={18} />
                <span>
                  <span className="visually-hidden">
                    <FormattedMessage id="footer.email" />
                    {': '}
                  </span>
                  <bdi dir="ltr">{SUPPORT_EMAIL}</bdi>
                </span>
              </a>
            </li>
          </ul>
        </section>

        <section className="footer-col" id="download" tabIndex={-1} aria-labelledby="footer-download">
          <h2 id="footer-download" className="footer-title">
            <FormattedMessage id="footer.download" />
          </h2>
          <p className="footer-note">
            <FormattedMessage id="footer.downloadBody" />
          </p>
          <ExternalLink
            className="btn btn-secondary btn-sm"
            href={whatsappLink(intl.formatMessage({ id: 'footer.downloadMessage' }))}
          >
            <DownloadIcon size={18} />
            <FormattedMessage id="footer.downloadCta" />
          </ExternalLink>
        </section>
      </div>
      <div className="container footer-bottom">
        <FooterLegal />
        <p>
          <FormattedMessage
            id="footer.rights"
            values={{ year: new Date().getFullYear(), brand: intl.formatMessage({ id: 'brand.name' }) }}
          />
        </p>
      </div>
    </footer>
  );
}
