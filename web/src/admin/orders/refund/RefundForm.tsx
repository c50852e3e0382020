import {
  REFUND_METHODS,
  REFUND_REASON_MAX,
  isCalendarDay,
  storeDay,
  type RefundDraft,
  type RefundField,
} from '@shared/ordering/constants';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useFormatPrice } from '../../../i18n/I18nProvider';
import { problemText } from '../../../i18n/error-text';
import type { Problem } from '../../../api/http';
import type { AdminOrderDetail } from '../../api/orders';
import { useAdminText } from '../../i18n';
import { FormActions } from '../../ui/FormActions';
import { DayInput, EXAMPLE_DAY } from '../../ui/DayInput';
import { useAdminDates } from '../../ui/dates';
import { FormField } from '../../ui/FormField';
import { useFormProblems } from '../../ui/useFormProblems';
import type { useRecordRefund } from '../order-writes';
import { draftOf, draftProblems, refundInput, serverProblems, type RefundProblems } from './refund-form';

/**
 * The refund form (docs/product.md#refunds): the amount (the total unless told), the method, the
 * reason, the day; Record sends them with the version the form opened with.
 */
export function RefundForm({
  order,
  record,
  initial,
  onSaved,
  onStale,
  onCancel,
  now = () => new Date(),
}: {
  order: AdminOrderDetail;
  /** The write, held by the section: it outlives the form, which the refund it records takes away. */
  record: ReturnType<typeof useRecordRefund>;
  /** What was typed before a stale version restarted the form. */
  initial?: RefundDraft;
  onSaved: () => void;
  /**
   * Refused for a stale version (the conflict dialog is up): the form is to start again from the
   * order as it is now, with what was typed.
   */
  onStale: (typed: RefundDraft) => void;
  onCancel: () => void;
  now?: () => Date;
}) {
  const t = useAdminText();
  const price = useFormatPrice();
  const [draft, setDraft] = useState<RefundDraft>(() => initial ?? draftOf(order, now()));
  // The version the admin read before deciding: a change by another admin since is the shared conflict.
  const [version] = useState(order.version);
  const { problems, setProblems, passes, refused, form } = useFormProblems<RefundProblems>();
  const say = useProblemText();
  const dates = useAdminDates();
  const today = storeDay(now());
  // The day's problem in the admin's date format (the server's message names the API's YYYY-MM-DD).
  const dateProblem = (typed: string) =>
    isCalendarDay(typed)
      ? t('admin.day.tooLate', { day: dates.day(today) })
      : t('admin.day.invalid', { example: dates.day(EXAMPLE_DAY) });

  // Opened by Refund: the first field takes the focus.
  useEffect(() => form.current?.querySelector<HTMLElement>('input, select, textarea')?.focus(), [form]);

  // A field changed is no longer refused: its message goes until the next Record.
  const change = (field: RefundField, value: string) => {
    setDraft({ ...draft, [field]: value });
    if (problems[field]) setProblems(({ [field]: _fixed, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!passes(draftProblems(draft, order, now()))) return;
    record.mutate(
      { order: { ...order, version }, refund: refundInput(draft) },
      { onSuccess: onSaved, onError: refused(() => onStale(draft), serverProblems) },
    );
  };

  return (
    <form ref={form} className="admin-refund-form" onSubmit={submit} noValidate data-testid="refund-form">
      {problems.form && (
        <p className="alert alert-warning" role="alert" data-testid="refund-error-form">
          {say(problems.form)}
        </p>
      )}
      <div className="admin-refund-fields">
        <FormField
          label={t('admin.orders.refund.amount')}
          required
          hint={t('admin.orders.refund.amountHint', { total: price(order.total_amount) })}
          error={say(problems.amount)}
          errorTestId="refund-error-amount"
        >
          {(control) => (
            <input
              {...control}
              className="input"
              type="number"
              inputMode="numeric"
              min={1}
              max={order.total_amount}
              step={1}
              value={draft.amount}
              onChange={(event) => change('amount', event.target.value)}
              data-testid="refund-amount"
            />
          )}
        </FormField>
        <FormField
          label={t('admin.orders.refund.date')}
          required
          hint={t('admin.orders.refund.dateHint')}
          error={problems.date && dateProblem(draft.date)}
          errorTestId="refund-error-date"
        >
          {(control) => (
            <DayInput
              control={control}
              // A text that is no day is kept as typed: the rules refuse it, and Record says so.
              value={isCalendarDay(draft.date) ? draft.date : undefined}
              max={today}
              onChange={(day, typed) => change('date', day ?? typed)}
              field={t('admin.orders.refund.date')}
              testId="refund-date"
            />
          )}
        </FormField>
      </div>
      <FormField
        label={t('admin.orders.refund.method')}
        required
        // The select offers only the methods the server takes: its refusal can only mean none was chosen.
        error={problems.method && t('admin.orders.refund.methodMissing')}
        errorTestId="refund-error-method"
      >
        {(control) => (
          <select
            {...control}
            className="select"
            value={draft.method}
            onChange={(event) => change('method', event.target.value)}
            data-testid="refund-method"
          >
            <option value="" disabled>
              {t('admin.orders.refund.chooseMethod')}
            </option>
            {REFUND_METHODS.map((method) => (
              <option key={method} value={method}>
                {t(`admin.orders.refund.method.${method}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label={t('admin.orders.refund.reason')}
        required
        hint={t('admin.orders.refund.reasonHint')}
        error={say(problems.reason)}
        errorTestId="refund-error-reason"
      >
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={3}
            dir="auto"
            maxLength={REFUND_REASON_MAX}
            value={draft.reason}
            onChange={(event) => change('reason', event.target.value)}
            data-testid="refund-reason"
          />
        )}
      </FormField>
      <FormActions
        busy={record.isPending}
        saveLabel={t('admin.orders.refund.save')}
        busyLabel={t('admin.orders.refund.saving')}
        danger
        saveTestId="refund-save"
        cancelLabel={t('admin.orders.refund.cancel')}
        onCancel={onCancel}
      />
    </form>
  );
}

/** A problem, as the server names it, in the admin's language. */
function useProblemText() {
  const intl = useIntl();
  return (problem: Problem | undefined) =>
    problem && (problemText(intl, problem) ?? intl.formatMessage({ id: 'error.unknown' }));
}
