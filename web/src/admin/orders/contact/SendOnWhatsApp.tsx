import { internationalPhone, phoneProblem } from '@shared/ordering/constants';
import type { OrderAccessLinkView, OrderContactView } from '@shared/ordering/types';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { WhatsAppIcon } from '../../../components/ui/icons';
import { displayPhone } from '../../../config';
import { loadMessages } from '../../../i18n/language-store';
import type { Locale } from '../../../i18n/locales';
import type { AdminOrderDetail } from '../../api/orders';
import { ageOf, useNow } from '../../dashboard/time';
import { useAdminText, type AdminMessageId } from '../../i18n';
import { useAdminDates } from '../../ui/dates';
import { useRecordWhatsAppSent } from './contact-writes';
import { deliveredSubscriptions, durationsIn, shopperLanguage, whatsappChat, whatsappMessage } from './message';

/**
 * Send on WhatsApp: a link to wa.me that opens the chat with the shopper's number and the order's
 * message in the shopper's language (message.ts); the same click records the sending. Offered for a
 * paid order with a link and an Algerian mobile number, else disabled with the reason.
 */
export function SendOnWhatsApp({ order, link }: { order: AdminOrderDetail; link: OrderAccessLinkView | null }) {
  const t = useAdminText();
  const ids = { why: useId(), hint: useId() };
  const [ticked, setTicked] = useState(false);
  const language = shopperLanguage(order.language);
  const duration = useShopperDurations(language);
  const record = useRecordWhatsAppSent();
  const hasDetails = deliveredSubscriptions(order).length > 0;
  const withDetails = ticked && hasDetails;
  const why = refusal(order, link);
  const href =
    !why && link && duration
      ? whatsappChat(order.phone, whatsappMessage(order, { language, link: link.url, withDetails, duration }))
      : null;
  const label = (
    <>
      <WhatsAppIcon size={18} />
      {t('admin.orders.whatsapp.send')}
    </>
  );
  return (
    <div className="admin-contact-block" data-testid="order-whatsapp">
      <h4 className="admin-contact-title">{t('admin.orders.whatsapp.title')}</h4>
      <p className="admin-cell-sub" data-testid="order-whatsapp-language">
        {t('admin.orders.whatsapp.language', { language: t(`admin.orders.whatsapp.language.${language}`) })}
      </p>
      {!phoneProblem(order.phone) && (
        <p className="admin-cell-sub">
          {t('admin.orders.whatsapp.to')}{' '}
          <span dir="ltr" data-testid="order-whatsapp-number">
            {displayPhone(internationalPhone(order.phone))}
          </span>
        </p>
      )}
      <div className="admin-contact-check">
        <input
          id={`${ids.hint}-check`}
          type="checkbox"
          checked={withDetails}
          disabled={!hasDetails}
          aria-describedby={ids.hint}
          onChange={(event) => setTicked(event.target.checked)}
          data-testid="order-whatsapp-details"
        />
        <label htmlFor={`${ids.hint}-check`}>{t('admin.orders.whatsapp.includeDetails')}</label>
        <p id={ids.hint} className="admin-cell-sub">
          {t(hasDetails ? 'admin.orders.whatsapp.includeHint' : 'admin.orders.whatsapp.noDetails')}
        </p>
      </div>
      <div className="admin-update-status-row">
        {href ? (
          <a
            className="btn btn-primary"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => record.mutate({ order, withDetails })}
            data-testid="order-whatsapp-send"
          >
            {label}
            <span className="visually-hidden">{t('admin.orders.whatsapp.newTab')}</span>
          </a>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            disabled
            aria-describedby={why ? ids.why : undefined}
            data-testid="order-whatsapp-send"
          >
            {label}
          </button>
        )}
        {why && (
          <p id={ids.why} className="admin-cell-sub" data-testid="order-whatsapp-why">
            {t(why)}
          </p>
        )}
      </div>
      <LastSent sent={order.whatsappSent ?? null} />
    </div>
  );
}

/** Why the message cannot be sent, or null when it can. */
function refusal(order: AdminOrderDetail, link: OrderAccessLinkView | null): AdminMessageId | null {
  if (order.status !== 'completed' && order.status !== 'dispatched') return 'admin.orders.whatsapp.notPaid';
  if (!link) return 'admin.orders.whatsapp.noLink';
  if (phoneProblem(order.phone)) return 'admin.orders.whatsapp.noPhone';
  return null;
}

/** The storefront's words for durations in the shopper's language (its messages, loaded once per language). */
function useShopperDurations(language: Locale) {
  const messages = useQuery({
    queryKey: ['store-messages', language],
    queryFn: () => loadMessages(language),
    staleTime: Infinity,
  });
  return useMemo(() => messages.data && durationsIn(language, messages.data), [language, messages.data]);
}

/** "Sent on WhatsApp by Amina, 2 minutes ago", in the admin's language, its age kept current. */
function LastSent({ sent }: { sent: OrderContactView['whatsappSent'] }) {
  const t = useAdminText();
  const intl = useIntl();
  const dates = useAdminDates();
  const now = useNow();
  if (!sent) {
    return (
      <p className="admin-cell-sub" data-testid="order-whatsapp-sent">
        {t('admin.orders.whatsapp.neverSent')}
      </p>
    );
  }
  const age = ageOf(new Date(sent.at), now);
  // Under a minute: "now" rather than "this minute".
  const when = age.value
    ? intl.formatRelativeTime(-age.value, age.unit, { numeric: 'auto' })
    : intl.formatRelativeTime(0, 'second', { numeric: 'auto' });
  return (
    <p className="admin-contact-sent" title={dates.dateTime(sent.at)} data-testid="order-whatsapp-sent">
      {t('admin.orders.whatsapp.sent', { name: sent.byName, when })}
    </p>
  );
}
