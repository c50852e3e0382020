import type { OrderContactView } from '@shared/ordering/types';
import type { AdminSubscriptionRowView, ReminderStep } from '@shared/subscriptions/types';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from '../../api/http';
import { AlertIcon, WhatsAppIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast';
import { failureMessage } from '../api/client';
import { subscriptionKeys } from '../api/keys';
import { orderQuery } from '../api/orders';
import { alreadyReminded, recordReminder, showReminder } from '../api/subscriptions';
import { useAdminText } from '../i18n';
import { useAdminSession } from '../session/session';
import { customerDurations, customerLanguage, reminderHref, renewalLink } from './reminder';
import { useAgo } from './time-text';

// "Remind on WhatsApp" on a row of the worklist. The message carries the order page's link, whose
// token only the order's detail has, so the link is prepared first: "Prepare reminder" (hovering
// or focusing it already fetches the detail) turns into a real <a target="_blank"> to wa.me. The
// click on that link opens WhatsApp itself: a window opened from script after an await is no longer
// a user gesture, and Chromium's popup blocker may stop it; a link the admin clicks never is. The
// same click records the step (POST reminders) without holding the navigation back.

/** How durations read in a customer's language, loaded once per language. */
const durationsQuery = (language: ReturnType<typeof customerLanguage>) =>
  queryOptions({
    queryKey: subscriptionKeys.durationsIn(language),
    staleTime: Infinity,
    queryFn: () => customerDurations(language),
  });

export interface RemindActionProps {
  row: AdminSubscriptionRowView & { endsAt: string };
  /** The step due now (the message says it, the click records it). */
  step: ReminderStep;
  /** Where the message reads the end date. */
  timeZone: string;
}

export function RemindAction({ row, step, timeZone }: RemindActionProps) {
  const t = useAdminText();
  const queryClient = useQueryClient();
  const language = customerLanguage(row.language);
  const languageName = useLanguageName(language);
  const [prepared, setPrepared] = useState(false);
  // The order page's token: the detail answers the contact part too (docs/product.md#order-page).
  const token = useQuery({
    ...orderQuery(row.orderId),
    enabled: prepared,
    select: (answer) => (answer.order as typeof answer.order & Partial<OrderContactView>).accessLink?.token ?? null,
  });
  const durations = useQuery({ ...durationsQuery(language), enabled: prepared });
  const record = useRecordReminder(row);
  const link = useRef<HTMLAnchorElement>(null);
  const focusLink = useRef(false);
  const ready = token.data !== undefined && durations.data !== undefined;
  useEffect(() => {
    if (ready && focusLink.current) link.current?.focus();
    focusLink.current = false;
  }, [ready]);

  if (!prepared) {
    const warm = () => {
      void queryClient.prefetchQuery(orderQuery(row.orderId));
      void queryClient.prefetchQuery(durationsQuery(language));
    };
    return (
      <button
        type="button"
        className="btn btn-secondary btn-sm admin-remind"
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => {
          focusLink.current = true;
          setPrepared(true);
        }}
        data-testid="subscription-prepare"
      >
        <WhatsAppIcon size={16} />
        <span className="admin-remind-label">{t('admin.subscriptions.prepare')}</span>
      </button>
    );
  }
  if (token.isError || durations.isError) {
    return (
      <button
        type="button"
        className="btn btn-secondary btn-sm admin-remind"
        title={t('admin.subscriptions.prepareFailed')}
        onClick={() => {
          focusLink.current = true;
          void token.refetch();
          void durations.refetch();
        }}
        data-testid="subscription-prepare-retry"
      >
        <AlertIcon size={16} />
        <span className="admin-remind-label">{t('admin.list.tryAgain')}</span>
      </button>
    );
  }
  if (!ready) {
    return (
      <button type="button" className="btn btn-secondary btn-sm admin-remind" disabled>
        <Spinner size="sm" />
        <span className="admin-remind-label">{t('admin.subscriptions.preparing')}</span>
      </button>
    );
  }
  if (token.data === null) {
    // Orders placed before private links have none until an admin makes one (New link).
    return (
      <Link
        to="/admin/orders"
        search={{ id: row.orderId }}
        className="admin-remind-missing"
        data-testid="subscription-no-link"
      >
        {t('admin.subscriptions.noLink')}
      </Link>
    );
  }
  const href = reminderHref(row.phone, {
    step,
    language,
    customerName: row.customerName,
    packageName: row.packageName,
    duration: durations.data(row.duration),
    endsAt: row.endsAt,
    timeZone,
    link: renewalLink(window.location.origin, token.data, row.id),
  });
  return (
    <a
      ref={link}
      href={href}
      target="_blank"
      rel="noopener"
      className="btn btn-whatsapp btn-sm admin-remind"
      title={t('admin.subscriptions.remindTitle', { language: languageName })}
      aria-disabled={record.isPending || undefined}
      onClick={(event) => {
        // One record per click: a second click while the first is being recorded opens nothing.
        if (record.isPending) event.preventDefault();
        else record.mutate(step);
      }}
      data-testid="subscription-remind"
      data-step={step}
    >
      <WhatsAppIcon size={16} />
      <span className="admin-remind-label">{t('admin.subscriptions.remind')}</span>
    </a>
  );
}

/** A language's name in the admin's language ("French", "français", "الفرنسية"). */
function useLanguageName(language: string): string {
  const intl = useIntl();
  return new Intl.DisplayNames([intl.locale], { type: 'language' }).of(language) ?? language;
}

/**
 * Records the step. The row shows it at once; a step another admin took first shows theirs, and
 * says who and when ("Already reminded by Karim, 3 minutes ago").
 */
function useRecordReminder(row: AdminSubscriptionRowView) {
  const t = useAdminText();
  const ago = useAgo();
  const queryClient = useQueryClient();
  const self = useAdminSession().session?.user;
  const order = `#${row.orderNumber}`;
  return useMutation({
    mutationFn: (step: ReminderStep) => recordReminder(row.id, step),
    onSuccess: ({ reminder }) => {
      showReminder(queryClient, row.id, { ...reminder, byName: self?.name || reminder.by });
      toast.success(t('admin.subscriptions.recorded', { order }));
    },
    onError: (error) => {
      const taken = error instanceof ApiError ? alreadyReminded(error.body) : null;
      if (taken) {
        showReminder(queryClient, row.id, taken);
        toast.error(t('admin.subscriptions.alreadyReminded', { name: taken.byName, when: ago(taken.at, new Date()) }));
      } else toast.error(failureMessage(error, t('admin.subscriptions.recordFailed')));
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.lists() });
    },
  });
}
