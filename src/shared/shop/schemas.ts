import { z } from 'zod';
import type { Coded } from '../errors/coded';
import { EMAIL_PATTERN } from '../identity/constants';
import { text } from '../text/schemas';
import { NIF_PATTERN, RC_PATTERN, SHOP_LEGAL_LIMITS as LIMITS, SHOP_PHONE_PATTERN, shopMessages } from './constants';

// PUT /api/admin/shop/legal (docs/product.md#legal-information): every field may stay empty (the
// shop fills it in over time); what is written must look like what it says it is.

const optional = (field: string, max: number) => text({ field, max }).default('');
const shaped = (field: string, max: number, pattern: RegExp, error: Coded) =>
  optional(field, max).pipe(z.union([z.literal(''), z.string().regex(pattern, { error })]));

const texts = (field: string, max: number) => {
  const one = (language: string) => text({ field: `${field} (${language})`, max, multiline: true }).default('');
  return z.strictObject({ ar: one('ar'), fr: one('fr'), en: one('en') }).default({ ar: '', fr: '', en: '' });
};

// Strict: a key it does not know (a typo, a form post) is refused rather than saving an emptied identity.
export const shopLegalSchema = z.strictObject({
  legalName: optional('Legal name', LIMITS.legalName),
  rc: shaped('RC number', LIMITS.rc, RC_PATTERN, shopMessages.rc),
  nif: shaped('NIF', LIMITS.nif, NIF_PATTERN, shopMessages.nif),
  address: text({ field: 'Address', max: LIMITS.address, multiline: true }).default(''),
  phone: shaped('Phone', LIMITS.phone, SHOP_PHONE_PATTERN, shopMessages.phone),
  email: optional('Email', LIMITS.email).pipe(
    z.union([z.literal(''), z.email({ pattern: EMAIL_PATTERN, error: shopMessages.email })]),
  ),
  terms: texts('Terms of sale', LIMITS.terms),
  refunds: texts('Refund policy', LIMITS.refunds),
});
