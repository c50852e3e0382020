import { useState } from 'react';
import type { AdminOrderDetail } from '../../api/orders';
import { useAdminText } from '../../i18n';
import { PrivateLink } from './PrivateLink';
import { SendOnWhatsApp } from './SendOnWhatsApp';
import './contact.css';

/**
 * Reaching the shopper from the order's detail (docs/product.md#orders): its private link (Copy
 * link, New link) and the message sent on WhatsApp in the shopper's language. Shown once the
 * detail has been read with them (a write's answer alone does not carry them).
 */
export function ContactSection({ order }: { order: AdminOrderDetail }) {
  const t = useAdminText();
  const [announcement, setAnnouncement] = useState('');
  if (order.accessLink === undefined) return null;
  return (
    <section className="admin-contact" aria-labelledby="contact-title" data-testid="order-contact">
      <h3 id="contact-title" className="admin-panel-title">
        {t('admin.orders.contact.title')}
      </h3>
      <PrivateLink order={order} link={order.accessLink} announce={setAnnouncement} />
      <SendOnWhatsApp order={order} link={order.accessLink} />
      <p className="visually-hidden" aria-live="polite" data-testid="contact-announcement">
        {announcement}
      </p>
    </section>
  );
}
