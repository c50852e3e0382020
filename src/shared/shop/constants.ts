import { coded } from '../errors/coded';
import type { ShopLanguage, ShopLegal, ShopTexts } from './types';

export const SHOP_LANGUAGES: readonly ShopLanguage[] = ['ar', 'fr', 'en'];

/** The identity's fields, in the order the screens and the audit trail list them. */
export const SHOP_LEGAL_FIELDS = ['legalName', 'rc', 'nif', 'address', 'phone', 'email'] as const;
export type ShopLegalField = (typeof SHOP_LEGAL_FIELDS)[number];
/** The two free texts. */
export const SHOP_LEGAL_TEXTS = ['terms', 'refunds'] as const;
export type ShopLegalText = (typeof SHOP_LEGAL_TEXTS)[number];

/** Longest value of each field, in characters. */
export const SHOP_LEGAL_LIMITS: Record<ShopLegalField | ShopLegalText, number> = {
  legalName: 200,
  rc: 40,
  nif: 20,
  address: 500,
  phone: 20,
  email: 254,
  terms: 20_000,
  refunds: 20_000,
};

/** An RC number as the registre du commerce writes it: digits, letters, slashes and dashes (16/00-1234567B21). */
export const RC_PATTERN = /^[0-9A-Za-z][0-9A-Za-z/ -]*$/;
/** A NIF: 15 digits (20 for some older registrations). */
export const NIF_PATTERN = /^(\d{15}|\d{20})$/;
/** A phone as people write it: digits, spaces, a leading + (0550 12 34 56, +213 550 12 34 56). */
export const SHOP_PHONE_PATTERN = /^\+?[0-9 ]{6,20}$/;

export const shopMessages = {
  rc: coded('shop.rc_invalid'),
  nif: coded('shop.nif_invalid'),
  phone: coded('shop.phone_invalid'),
  email: coded('shop.email_invalid'),
} as const;

const noTexts = (): ShopTexts => ({ ar: '', fr: '', en: '' });

/** The identity before anything was saved: every field empty. */
export const emptyShopLegal = (): ShopLegal => ({
  legalName: '',
  rc: '',
  nif: '',
  address: '',
  phone: '',
  email: '',
  terms: noTexts(),
  refunds: noTexts(),
});

/** After the shopper's own language, where a text is looked for (docs/product.md#legal-information). */
export const SHOP_TEXT_FALLBACK: readonly ShopLanguage[] = ['fr', 'ar', 'en'];

/** A text in the shopper's language, else the first of the fallback order that is written; undefined when none is. */
export function shopTextIn(
  texts: ShopTexts,
  language: ShopLanguage,
): { text: string; language: ShopLanguage } | undefined {
  for (const candidate of [language, ...SHOP_TEXT_FALLBACK]) {
    const text = texts[candidate]?.trim();
    if (text) return { text: texts[candidate], language: candidate };
  }
  return undefined;
}

/** Whether the shop has said anything about itself yet. */
export const hasShopLegal = (legal: ShopLegal): boolean =>
  SHOP_LEGAL_FIELDS.some((field) => legal[field].trim() !== '') ||
  SHOP_LEGAL_TEXTS.some((name) => SHOP_LANGUAGES.some((language) => legal[name][language].trim() !== ''));
