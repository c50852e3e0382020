// Why a try at the provisioning service failed (docs/product.md#provisioning-contract), as the store
// records it on the order: one English sentence the operator's log and the event keep as they are.
// The back office shows each known one in the admin's language (no English on an Arabic page), so
// the sentences are built here and read back here, by the same words.

const SERVICE = 'the provisioning service';
const UNEXPECTED = 'an unexpected error in the store (see its log)';

/** A recorded reason as the back office words it: a message key and its values. */
export type ProvisioningReason =
  | { kind: 'refusedSecret'; status: number }
  | { kind: 'answered'; status: number }
  | { kind: 'notJson' }
  | { kind: 'notDetails' }
  | { kind: 'timeout'; ms: number }
  | { kind: 'unreachable'; code: string }
  | { kind: 'invalidDetails'; problems: string }
  | { kind: 'unexpected' };

/** The sentence recorded for a reason. */
export function provisioningReasonText(reason: ProvisioningReason): string {
  switch (reason.kind) {
    case 'refusedSecret':
      return `${SERVICE} refused the request (${reason.status}): check PROVISIONING_SECRET`;
    case 'answered':
      return `${SERVICE} answered ${reason.status}`;
    case 'notJson':
      return `${SERVICE} answered something that is not JSON`;
    case 'notDetails':
      return `${SERVICE} answered something that is not activation details`;
    case 'timeout':
      return `${SERVICE} did not answer within ${reason.ms} ms`;
    case 'unreachable':
      return `${SERVICE} could not be reached${reason.code ? ` (${reason.code})` : ''}`;
    case 'invalidDetails':
      return `${SERVICE}'s details are not valid: ${reason.problems}`;
    case 'unexpected':
      return UNEXPECTED;
  }
}

const READERS: [RegExp, (m: RegExpExecArray) => ProvisioningReason][] = [
  [
    /^the provisioning service refused the request \((\d+)\): check PROVISIONING_SECRET$/,
    (m) => ({ kind: 'refusedSecret', status: Number(m[1]) }),
  ],
  [/^the provisioning service answered (\d+)$/, (m) => ({ kind: 'answered', status: Number(m[1]) })],
  [/^the provisioning service answered something that is not JSON$/, () => ({ kind: 'notJson' })],
  [/^the provisioning service answered something that is not activation details$/, () => ({ kind: 'notDetails' })],
  [/^the provisioning service did not answer within (\d+) ms$/, (m) => ({ kind: 'timeout', ms: Number(m[1]) })],
  [
    /^the provisioning service could not be reached(?: \((\S+)\))?$/,
    (m) => ({ kind: 'unreachable', code: m[1] ?? '' }),
  ],
  [/^the provisioning service's details are not valid: (.*)$/s, (m) => ({ kind: 'invalidDetails', problems: m[1]! })],
  [/^an unexpected error in the store \(see its log\)$/, () => ({ kind: 'unexpected' })],
];

/** A recorded sentence read back; null for one this version does not know (shown as recorded). */
export function readProvisioningReason(text: string): ProvisioningReason | null {
  for (const [pattern, read] of READERS) {
    const match = pattern.exec(text);
    if (match) return read(match);
  }
  return null;
}
