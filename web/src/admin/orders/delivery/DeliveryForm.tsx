import { ACTIVATION_KINDS } from '@shared/subscriptions/constants';
import type { ActivationKind, AdminSubscriptionView } from '@shared/subscriptions/types';
import { useState, type FormEvent } from 'react';
import type { AdminOrderDetail } from '../../api/orders';
import { useAdminText } from '../../i18n';
import { FormActions } from '../../ui/FormActions';
import { FormField } from '../../ui/FormField';
import { useFormProblems } from '../../ui/useFormProblems';
import { useDeliverOrder } from '../order-writes';
import { useDurationLabel } from '../../../i18n/useDurationLabel';
import {
  KIND_FIELDS,
  SECRET_FIELDS,
  deliveryInput,
  draftOf,
  draftProblems,
  fieldKey,
  serverProblems,
  type DeliveryDraft,
  type DeliveryProblems,
  type DetailField,
  type FieldProblem,
  type SubscriptionDraft,
} from './delivery-form';

/**
 * The delivery form (docs/product.md#subscriptions): per subscription, a kind and its fields and an
 * optional note; a message to the shopper; Save sends them with the order's version.
 */
export function DeliveryForm({
  order,
  subscriptions,
  onSaved,
  onStale,
  onCancel,
}: {
  order: AdminOrderDetail;
  subscriptions: AdminSubscriptionView[];
  onSaved: () => void;
  /** Refused for a stale version (the conflict dialog is up): the form is to start again from the order as it is now. */
  onStale: () => void;
  /** Given when correcting details already delivered: back to them unchanged. */
  onCancel?: () => void;
}) {
  const t = useAdminText();
  const [draft, setDraft] = useState<DeliveryDraft>(() => draftOf(subscriptions));
  // The version of the details the form opened with, not a newer one live updates brought since:
  // saving over another admin's delivery is the shared conflict (docs/architecture.md#commands).
  const [version] = useState(order.version);
  const { problems, passes, refused, form } = useFormProblems<DeliveryProblems>();
  const deliver = useDeliverOrder();
  const say = useProblemText();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!passes(draftProblems(draft))) return;
    deliver.mutate(
      { order: { ...order, version }, delivery: deliveryInput(draft) },
      { onSuccess: onSaved, onError: refused(onStale, serverProblems) },
    );
  };

  const change = (index: number, next: SubscriptionDraft) =>
    setDraft((current) => ({
      ...current,
      subscriptions: current.subscriptions.map((item, i) => (i === index ? next : item)),
    }));

  return (
    <form ref={form} className="admin-delivery-form" onSubmit={submit} noValidate data-testid="delivery-form">
      {draft.subscriptions.map((item, index) => (
        <SubscriptionFields
          key={item.subscriptionId}
          index={index}
          subscription={subscriptions.find((s) => s.id === item.subscriptionId)!}
          draft={item}
          problems={problems}
          onChange={(next) => change(index, next)}
        />
      ))}
      <FormField
        label={t('admin.orders.delivery.message')}
        hint={t('admin.orders.delivery.messageHint')}
        error={say(problems.message)}
      >
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={3}
            dir="auto"
            value={draft.message}
            onChange={(event) => setDraft({ ...draft, message: event.target.value })}
            data-testid="delivery-message"
          />
        )}
      </FormField>
      <FormActions
        busy={deliver.isPending}
        saveLabel={t('admin.orders.delivery.save')}
        busyLabel={t('admin.orders.delivery.saving')}
        saveTestId="delivery-save"
        cancelLabel={t('admin.orders.delivery.cancelEdit')}
        onCancel={onCancel}
      />
    </form>
  );
}

/** A problem's text in the admin's language. */
function useProblemText() {
  const t = useAdminText();
  return (problem: FieldProblem | undefined) =>
    problem && ('text' in problem ? problem.text : t(problem.id, problem.values));
}

/** One subscription's part: which package, the kind, that kind's fields, the note. */
function SubscriptionFields({
  index,
  subscription,
  draft,
  problems,
  onChange,
}: {
  index: number;
  subscription: AdminSubscriptionView;
  draft: SubscriptionDraft;
  problems: DeliveryProblems;
  onChange: (next: SubscriptionDraft) => void;
}) {
  const t = useAdminText();
  const durationLabel = useDurationLabel();
  const say = useProblemText();
  const setValue = (field: DetailField, value: string) =>
    onChange({ ...draft, values: { ...draft.values, [field]: value } });
  return (
    <fieldset className="admin-delivery-subscription" data-testid="delivery-subscription">
      <legend dir="auto">
        {t('admin.orders.delivery.subscription', {
          package: subscription.packageName,
          duration: durationLabel(subscription.duration),
        })}
      </legend>
      <FormField label={t('admin.orders.delivery.kind')} required>
        {(control) => (
          <select
            {...control}
            className="select"
            value={draft.kind}
            onChange={(event) => onChange({ ...draft, kind: event.target.value as ActivationKind })}
            data-testid="delivery-kind"
          >
            {ACTIVATION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`admin.orders.delivery.kind.${kind}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {KIND_FIELDS[draft.kind].map((field) => (
        <FormField
          key={field}
          label={t(`admin.orders.delivery.field.${field}`)}
          required
          hint={field === 'mac' ? t('admin.orders.delivery.macHint') : undefined}
          error={say(problems[fieldKey(index, field)])}
          errorTestId={`delivery-error-${field}`}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              type={field.endsWith('Url') ? 'url' : 'text'}
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              value={draft.values[field] ?? ''}
              onChange={(event) => setValue(field, event.target.value)}
              data-secret={SECRET_FIELDS.has(field) || undefined}
              data-testid={`delivery-${field}`}
            />
          )}
        </FormField>
      ))}
      <FormField label={t('admin.orders.delivery.note')} error={say(problems[fieldKey(index, 'note')])}>
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={2}
            dir="auto"
            value={draft.note}
            onChange={(event) => onChange({ ...draft, note: event.target.value })}
            data-testid="delivery-note"
          />
        )}
      </FormField>
    </fieldset>
  );
}
