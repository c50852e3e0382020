import { describe, expect, it } from 'vitest';
import { englishOf } from '../../platform/error-text';
import { coded, readCoded } from '../errors';
import { textProblem } from './constants';
import { text } from './schemas';

const messageOf = (schema: ReturnType<typeof text>, value: unknown) => {
  const message = schema.safeParse(value).error?.issues[0]?.message;
  return message && englishOf(message);
};

describe('the shared text rule', () => {
  const name = text({ field: 'Name', max: 10, required: coded('text.required', { field: 'Name' }) });
  const notes = text({ field: 'Notes', max: 50, multiline: true });
  const secret = text({ field: 'Password', max: 50, verbatim: true });

  it('trims, and names the field in every message', () => {
    expect(name.parse('  Amine \n')).toBe('Amine');
    expect(messageOf(name, '   ')).toBe('Name is required');
    expect(messageOf(name, undefined)).toBe('Name is required');
    expect(messageOf(name, 'x'.repeat(11))).toBe('Name must be at most 10 characters');
    expect(messageOf(text({ field: 'Email', max: 5 }), 42)).toBe('Email must be text');
  });

  it.each(['a\u0000b', 'a\u0001b', 'a\tb', 'a\nb', 'a\u001bb', 'a\u007fb'])(
    'refuses the control character in %j on a one-line field',
    (value) => {
      expect(messageOf(name, value)).toBe('Name must not contain control characters');
    },
  );

  it('allows tabs and line breaks, and only those, in a multi-line field', () => {
    expect(notes.parse('one\ttwo\r\nthree\nfour')).toBe('one\ttwo\r\nthree\nfour');
    expect(messageOf(notes, 'one\u0000two')).toBe('Notes must not contain control characters');
    expect(messageOf(notes, 'one\u000btwo')).toBe('Notes must not contain control characters');
  });

  it.each(['\ud800', 'a\udbffb', 'a\udc00', '\udfff\ud800', 'x\ud83d'])('refuses the lone surrogate in %j', (value) => {
    expect(messageOf(notes, value)).toBe('Notes contains a broken character (not valid Unicode)');
  });

  it('accepts every character outside those, paired surrogates (emoji) and Arabic included', () => {
    expect(name.parse('محمد 😀')).toBe('محمد 😀');
    expect(notes.parse('\u0080\u009f\ufffd\ud83d\ude00\u{10ffff}')).toBe('\u0080\u009f\ufffd😀\u{10ffff}');
  });

  it('keeps a password as typed, refusing only NUL and broken text', () => {
    expect(secret.parse(' pass\tword ')).toBe(' pass\tword ');
    expect(messageOf(secret, 'pass\u0000word')).toBe('Password must not contain the NUL character');
    expect(messageOf(secret, 'pass\udc00word')).toBe('Password contains a broken character (not valid Unicode)');
  });
});

describe('the text rule as a form checks it (textProblem)', () => {
  const rules = {
    name: { field: 'Name', max: 10, required: coded('text.required', { field: 'Name' }) },
    notes: { field: 'Notes', max: 50, multiline: true },
    secret: { field: 'Password', max: 50, verbatim: true },
  };
  const values = [
    '',
    '   ',
    ' Amine ',
    'x'.repeat(10),
    'x'.repeat(11),
    'a\tb',
    'a\nb',
    'a\u0000b',
    'a\u000bb',
    'x\ud83d',
    '😀',
    ' \t ',
  ];

  // The server's refusal, as its code and params, for every rule and value: the same as the form's.
  it.each(Object.entries(rules))('refuses under the %s rule exactly what the server refuses', (_name, rule) => {
    for (const value of values) {
      const issue = text(rule).safeParse(value).error?.issues[0]?.message;
      expect(textProblem(value, rule), JSON.stringify(value)).toEqual(issue && readCoded(issue));
    }
  });
});
