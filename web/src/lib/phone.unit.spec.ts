import { describe, expect, it } from 'vitest';
import en from '../i18n/messages/en.json';
import { phoneError, phoneMessages } from '../../../src/shared/ordering';
import { phoneErrorId } from './phone';

describe('phone rule (SPEC §5)', () => {
  const samples = ['', '   ', '0555123456', '0655 12 34 56', '07-71-23-45-67', '0855123456', '055512345', '05551234567', '+213555123456', 'abc', '05a5512345x6'];

  it('agrees with the server’s rule on every sample', () => {
    for (const sample of samples) {
      const server = phoneError(sample);
      const web = phoneErrorId(sample);
      expect(web === null ? undefined : en[web], sample).toBe(server);
    }
  });

  it('shows the SPEC messages in English', () => {
    expect(en['phone.required']).toBe(phoneMessages.required);
    expect(en['phone.invalid']).toBe(phoneMessages.invalid);
    expect(phoneErrorId('0555123456')).toBeNull();
    expect(phoneErrorId('')).toBe('phone.required');
    expect(phoneErrorId('0455123456')).toBe('phone.invalid');
  });
});
