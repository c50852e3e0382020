import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { APP_DOWNLOAD_HREF, whatsappLink } from '../../config';
import { CartIcon, CloseIcon, DownloadIcon, HomeIcon, SearchIcon, StoreIcon, WhatsAppIcon } from '../ui/icons';
import { LogoMark } from './Logo';
import { paths } from '../../lib/paths';

export const SIDEBAR_ID = 'site-sidebar';

/**
 * The slide-in menu for small screens. A modal <dialog>: focus stays inside while it is open,
 * Escape and a click on the backdrop close it, and focus returns to the menu button.
 */
export function Sidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const intl = useIntl();
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Close after navigating, and when the window grows past the small-screen layout.
  useEffect(() => {
    dialogRef.current?.close();
  }, [pathname]);
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 48rem)');
    const onChange = () => wide.matches && dialogRef.current?.close();
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  const close = () => dialogRef.current?.close();

  return (
    <dialog
      ref={dialogRef}
      id={SIDEBAR_ID}
      className="sidebar"
      aria-label={intl.formatMessage({ id: 'sidebar.title' })}
      onClose={onClose}
      onClick={(event) => {
        // A click on the dialog element itself (not its panel) is a click on the backdrop.
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className="sidebar-panel">
        <div className="sidebar-head">
          <span className="brand brand-static">
            <LogoMark size={32} />
            <span className="brand-name">
              <FormattedMessage id="brand.name" />
            </span>
          </span>
          <button
            type="button"
            className="icon-btn"
            onClick={close}
            aria-label={intl.formatMessage({ id: 'sidebar.close' })}
          >
            <CloseIcon />
          </button>
        </div>

        <nav aria-label={intl.formatMessage({ id: 'nav.label' })} className="sidebar-nav">
          <Link to={paths.home} className="sidebar-link" activeOptions={{ exact: true }} onClick={close}>
            <HomeIcon />
            <FormattedMessage id="nav.home" />
          </Link>
          <Link to={paths.store} className="sidebar-link" onClick={close}>
            <StoreIcon />
            <FormattedMessage id="nav.store" />
          </Link>
          <Link to={paths.cart} className="sidebar-link" onClick={close}>
            <CartIcon />
            <FormattedMessage id="nav.cart" />
          </Link>
          <Link to={paths.findOrder} className="sidebar-link" onClick={close}>
            <SearchIcon />
            <FormattedMessage id="nav.findOrder" />
          </Link>
        </nav>

        <div className="sidebar-foot">
          <a href={APP_DOWNLOAD_HREF} className="download-card" onClick={close} data-testid="app-download-link">
            <span className="download-card-icon">
              <DownloadIcon />
            </span>
            <span>
              <strong>
                <FormattedMessage id="sidebar.download" />
              </strong>
              <small>
                <FormattedMessage id="sidebar.downloadHint" />
              </small>
            </span>
          </a>
          <a
            href={whatsappLink(intl.formatMessage({ id: 'home.cta.whatsappMessage' }))}
            className="btn btn-whatsapp btn-block"
            target="_blank"
            rel="noopener noreferrer"
          >
            <WhatsAppIcon />
            <FormattedMessage id="home.cta.whatsapp" />
            <span className="visually-hidden">
              {' '}
              <FormattedMessage id="a11y.opensInNewTab" />
            </span>
          </a>
        </div>
      </div>
    </dialog>
  );
}
