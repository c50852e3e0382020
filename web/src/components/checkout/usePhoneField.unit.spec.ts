import { describe, expect, it } from 'vitest';
import { checksWhileTyping } from './usePhoneField';

describe('when a phone’s problem is said while typing', () => {
  it.each([
    ['', false],
    ['0', false],
    ['0455', false],
    ['05 50 12 34 5', false],
    ['0550123456', true],
    ['05 50 12 34 56', true],
    ['٠٥٥٠١٢٣٤٥٦', true],
    ['05501234567', true],
  ])('%j → %s', (value, says) => {
    expect(checksWhileTyping(value, false)).toBe(says);
  });

  it('follows the typing once a problem was said, so it goes when fixed', () => {
    expect(checksWhileTyping('0', true)).toBe(true);
  });
});
