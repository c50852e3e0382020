import { readProvisioningReason } from '@shared/subscriptions/constants';
import type { AdminMessageId, MessageValues } from '../i18n';

type Text = (id: AdminMessageId, values?: MessageValues) => string;

/**
 * Why automatic delivery or an extension failed, in the admin's language: the store records one
 * English sentence (src/shared/subscriptions/provisioning-reasons.ts); each known one is read back
 * and worded here, one this version does not know shows as recorded.
 */
export function provisioningReasonWords(t: Text, recorded: string | null | undefined): string {
  const reason = readProvisioningReason(recorded ?? '');
  if (!reason) return recorded ?? '';
  switch (reason.kind) {
    case 'refusedSecret':
      return t('admin.orders.provisioning.reason.refusedSecret', { status: String(reason.status) });
    case 'answered':
      return t('admin.orders.provisioning.reason.answered', { status: String(reason.status) });
    case 'notJson':
      return t('admin.orders.provisioning.reason.notJson');
    case 'notDetails':
      return t('admin.orders.provisioning.reason.notDetails');
    case 'timeout':
      return t('admin.orders.provisioning.reason.timeout', { seconds: Math.round(reason.ms / 100) / 10 });
    case 'unreachable':
      return reason.code
        ? t('admin.orders.provisioning.reason.unreachableCode', { code: reason.code })
        : t('admin.orders.provisioning.reason.unreachable');
    case 'invalidDetails':
      return t('admin.orders.provisioning.reason.invalidDetails', { problems: reason.problems });
    case 'unexpected':
      return t('admin.orders.provisioning.reason.unexpected');
  }
}
