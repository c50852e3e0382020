import { describe, expect, it } from 'vitest';
import { provisioningReasonText, readProvisioningReason, type ProvisioningReason } from './provisioning-reasons';

// The back office words a recorded reason in the admin's language only if it reads it back: every
// sentence the store records must read back as what it was built from.

const REASONS: ProvisioningReason[] = [
  { kind: 'refusedSecret', status: 401 },
  { kind: 'answered', status: 503 },
  { kind: 'notJson' },
  { kind: 'notDetails' },
  { kind: 'timeout', ms: 10_000 },
  { kind: 'unreachable', code: 'ECONNREFUSED' },
  { kind: 'unreachable', code: '' },
  { kind: 'invalidDetails', problems: 'serverUrl: must be a URL; password: required' },
  { kind: 'unexpected' },
];

describe('provisioning failure reasons', () => {
  it.each(REASONS)('$kind reads back as it was recorded', (reason) => {
    expect(readProvisioningReason(provisioningReasonText(reason))).toEqual(reason);
  });

  it('an unknown sentence is not read (it shows as recorded)', () => {
    expect(readProvisioningReason('the service is on fire')).toBeNull();
    expect(readProvisioningReason('the provisioning service answered soon')).toBeNull();
  });
});
