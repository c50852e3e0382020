import { DELIVERY_LIMITS, isPlayerUrl, normaliseMac } from '@shared/subscriptions/constants';
import type { Activation, ActivationKind, AdminSubscriptionView, DeliveryInput } from '@shared/subscriptions/types';
import { ApiError, type Problem } from '../../../api/http';
import { problemInPageLanguage } from '../../../i18n/error-text';
import type { AdminMessageId, MessageValues } from '../../i18n';

// The delivery form's rules (docs/product.md#subscriptions): the server's shared ones (http/https
// URLs, the MAC format, lengths) checked before the request, so a mistake shows next to its field in
// the admin's language; what the server still refuses is put next to the field it names.

/** Every detail field a kind of activation may hold. */
export type DetailField = 'serverUrl' | 'username' | 'password' | 'playlistUrl' | 'portalUrl' | 'mac' | 'code';

/** The fields each kind asks for, in the order the form shows them. */
export const KIND_FIELDS: Record<ActivationKind, readonly DetailField[]> = {
  xtream: ['serverUrl', 'username', 'password'],
  m3u: ['playlistUrl'],
  mag: ['portalUrl', 'mac'],
  code: ['code'],
};

/** Fields that hold a URL a player opens. */
const URL_FIELDS: ReadonlySet<DetailField> = new Set(['serverUrl', 'playlistUrl', 'portalUrl']);

const MAX: Record<DetailField | 'note', number> = {
  serverUrl: DELIVERY_LIMITS.url,
  playlistUrl: DELIVERY_LIMITS.url,
  portalUrl: DELIVERY_LIMITS.url,
  username: DELIVERY_LIMITS.username,
  password: DELIVERY_LIMITS.password,
  code: DELIVERY_LIMITS.code,
  mac: 40,
  note: DELIVERY_LIMITS.note,
};

/** Secret fields: masked once delivered, typed without autocomplete. */
export const SECRET_FIELDS: ReadonlySet<DetailField> = new Set(['password', 'code']);

/** One subscription's part of the form: the kind chosen and what was typed (every kind's fields kept). */
export interface SubscriptionDraft {
  subscriptionId: string;
  kind: ActivationKind;
  values: Partial<Record<DetailField, string>>;
  note: string;
}

export interface DeliveryDraft {
  message: string;
  subscriptions: SubscriptionDraft[];
}

/** A field's problem: an admin message, or the server's own in the admin's language. */
export type FieldProblem = { id: AdminMessageId; values?: MessageValues } | { text: string };
/** Problems by `subscriptions.{index}.{field}` and `message`, as the server names them. */
export type DeliveryProblems = Record<string, FieldProblem>;

export const fieldKey = (index: number, field: DetailField | 'note') => `subscriptions.${index}.${field}`;

/** The form as it opens: a subscription's details as delivered, else Xtream and empty. */
export function draftOf(subscriptions: AdminSubscriptionView[]): DeliveryDraft {
  return {
    message: '',
    subscriptions: subscriptions
      .filter((subscription) => subscription.status !== 'cancelled')
      .map((subscription) => draftOfActivation(subscription.id, subscription.activation)),
  };
}

function draftOfActivation(subscriptionId: string, activation: Activation | null): SubscriptionDraft {
  if (!activation) return { subscriptionId, kind: 'xtream', values: {}, note: '' };
  const values: Partial<Record<DetailField, string>> = {};
  for (const field of KIND_FIELDS[activation.kind]) values[field] = detailValue(activation, field);
  return { subscriptionId, kind: activation.kind, values, note: activation.note ?? '' };
}

/** One field of delivered details ('' when its kind has no such field). */
export function detailValue(activation: Activation, field: DetailField): string {
  return (activation as unknown as Partial<Record<DetailField, string>>)[field] ?? '';
}

/** What is wrong with the form before it is sent (empty when nothing). */
export function draftProblems(draft: DeliveryDraft): DeliveryProblems {
  const problems: DeliveryProblems = {};
  draft.subscriptions.forEach((subscription, index) => {
    for (const field of KIND_FIELDS[subscription.kind]) {
      const problem = fieldProblem(field, subscription.values[field] ?? '');
      if (problem) problems[fieldKey(index, field)] = problem;
    }
    if (subscription.note.trim().length > MAX.note)
      problems[fieldKey(index, 'note')] = { id: 'admin.orders.delivery.tooLong', values: { max: MAX.note } };
  });
  if (draft.message.trim().length > DELIVERY_LIMITS.message)
    problems.message = { id: 'admin.orders.delivery.tooLong', values: { max: DELIVERY_LIMITS.message } };
  return problems;
}

function fieldProblem(field: DetailField, value: string): FieldProblem | undefined {
  // A password is sent as typed; the others trimmed, as the server stores them.
  const typed = field === 'password' ? value : value.trim();
  if (!typed.trim()) return { id: 'admin.orders.delivery.required' };
  if (typed.length > MAX[field]) return { id: 'admin.orders.delivery.tooLong', values: { max: MAX[field] } };
  if (URL_FIELDS.has(field) && !isPlayerUrl(typed)) return { id: 'admin.orders.delivery.invalidUrl' };
  if (field === 'mac' && normaliseMac(typed) === undefined) return { id: 'admin.orders.delivery.invalidMac' };
  return undefined;
}

/** The PUT body: each subscription's chosen kind with that kind's fields only. */
export function deliveryInput(draft: DeliveryDraft): DeliveryInput {
  const message = draft.message.trim();
  return {
    ...(message ? { message } : {}),
    subscriptions: draft.subscriptions.map((subscription) => {
      const fields = Object.fromEntries(
        KIND_FIELDS[subscription.kind].map((field) => {
          const value = subscription.values[field] ?? '';
          return [field, field === 'password' ? value : value.trim()];
        }),
      );
      const note = subscription.note.trim();
      return {
        subscriptionId: subscription.subscriptionId,
        kind: subscription.kind,
        ...fields,
        ...(note ? { note } : {}),
      } as DeliveryInput['subscriptions'][number];
    }),
  };
}

const problemOf = (problem: Problem): FieldProblem => ({ text: problemInPageLanguage(problem) });

/** A refused delivery's field problems (a 400's), by the names the form uses. */
export function serverProblems(error: unknown): DeliveryProblems {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([field, problem]) => [field, problemOf(problem)]));
}
