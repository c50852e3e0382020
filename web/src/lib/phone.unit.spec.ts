import { ERRORS } from '@shared/errors/constants';
import { describe, expect, it } from 'vitest';
import en from '../i18n/messages/en.json';
import { internationalPhone } from '@shared/ordering/constants';
import { phoneErrorId } from './phone';

describe('phone rule', () => {
  it('names the server’s message for each problem, in the page language', () => {
    expect(phoneErrorId('0555123456')).toBeNull();
    expect(phoneErrorId('07-71-23-45-67')).toBeNull();
    expect(phoneErrorId('   ')).toBe('phone.required');
    expect(phoneErrorId('0455123456')).toBe('phone.invalid');
    expect(en['phone.required']).toBe(ERRORS['phone.required'].en);
    expect(en['phone.invalid']).toBe(ERRORS['phone.invalid'].en);
  });
});

describe('internationalPhone', () => {
  it('writes a local number as WhatsApp links want it', () => {
    expect(internationalPhone('0550123456')).toBe('213550123456');
    expect(internationalPhone('07 71 23 45 67')).toBe('213771234567');
  });
});
