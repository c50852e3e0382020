import { internationalPhone } from '@shared/ordering/constants';
import { PhoneIcon, WhatsAppIcon } from '../../components/ui/icons';
import { whatsappLink } from '../../config';
import { useAdminText } from '../i18n';

/**
 * Call and WhatsApp for a customer (docs/product.md#customers), with the international number
 * (0550… as +213550…): in a list row, quiet icon buttons (their names for screen readers and as
 * tooltips); on the customer's page, full buttons.
 */
export function ContactLinks({ phone, name, inRow = false }: { phone: string; name: string; inRow?: boolean }) {
  const t = useAdminText();
  const label = inRow ? 'visually-hidden' : undefined;
  return (
    <>
      <a
        href={`tel:+${internationalPhone(phone)}`}
        className={inRow ? 'btn btn-ghost btn-sm' : 'btn btn-secondary'}
        aria-label={t('admin.customers.callTo', { name })}
        title={t('admin.customers.callTo', { name })}
        data-testid="customer-call"
      >
        <PhoneIcon size={inRow ? 16 : 18} />
        <span className={label}>{t('admin.customers.call')}</span>
      </a>
      <a
        href={whatsappLink('', phone)}
        target="_blank"
        rel="noopener"
        className={inRow ? 'btn btn-ghost btn-sm' : 'btn btn-whatsapp'}
        aria-label={t('admin.customers.whatsappTo', { name })}
        title={t('admin.customers.whatsappTo', { name })}
        data-testid="customer-whatsapp"
      >
        <WhatsAppIcon size={inRow ? 16 : 18} />
        <span className={label}>{t('admin.customers.whatsapp')}</span>
      </a>
    </>
  );
}
