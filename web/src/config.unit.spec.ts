import { describe, expect, it } from 'vitest';
import { displayPhone, whatsappLink } from './config';

describe('displayPhone', () => {
  it('groups Algerian numbers as people read them, international or local', () => {
    expect(displayPhone('+213550000000')).toBe('+213 550 00 00 00');
    expect(displayPhone('213661234567')).toBe('+213 661 23 45 67');
    expect(displayPhone('0771234567')).toBe('0771 23 45 67');
  });

  it('leaves any other number as it was given', () => {
    expect(displayPhone('+33612345678')).toBe('+33612345678');
    expect(displayPhone('+213 555')).toBe('+213 555');
  });
});

describe('whatsappLink', () => {
  it('opens a chat with the store, or with a number written any way, starting with the message', () => {
    expect(whatsappLink('Hi there')).toBe('https://wa.me/213550000000?text=Hi%20there');
    expect(whatsappLink('#12', '+213 661 23-45-67')).toBe('https://wa.me/213661234567?text=%2312');
    // A shopper's number as they type it is an Algerian one.
    expect(whatsappLink('Salam', '0550 12 34 56')).toBe('https://wa.me/213550123456?text=Salam');
  });
});
