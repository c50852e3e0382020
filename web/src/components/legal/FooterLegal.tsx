import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { shopLegalQuery } from '../../api/shop';
import { paths } from '../../lib/paths';

/**
 * The footer's small print (docs/product.md#legal-information): the shop's legal name, RC, NIF and
 * address, each only once set, and the link to /legal (always: it says so when nothing is set yet).
 */
export function FooterLegal() {
  const intl = useIntl();
  const legal = useQuery(shopLegalQuery()).data?.legal;
  const lines = legal
    ? [
        { id: 'legalName', value: legal.legalName },
        { id: 'rc', value: legal.rc, label: intl.formatMessage({ id: 'legal.rc' }) },
        { id: 'nif', value: legal.nif, label: intl.formatMessage({ id: 'legal.nif' }) },
        { id: 'address', value: legal.address },
      ].filter((line) => line.value.trim())
    : [];
  return (
    <div className="footer-legal" data-testid="footer-legal">
      {lines.length > 0 && (
        <p className="footer-legal-identity">
          {lines.map((line) => (
            <span key={line.id} className="footer-legal-item" data-testid={`footer-legal-${line.id}`}>
              {line.label && <>{line.label} </>}
              <bdi dir="auto">{line.value}</bdi>
            </span>
          ))}
        </p>
      )}
      <Link to={paths.legal} className="footer-legal-link" data-testid="footer-legal-link">
        <FormattedMessage id="legal.link" />
      </Link>
    </div>
  );
}
