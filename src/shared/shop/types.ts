// The shop's legal identity (docs/product.md#legal-information): what Algerian e-commerce law
// (18-05) asks a shop to show, set by the admins and read by every shopper. Zod-free: the web app imports it.

/** The languages the shop's own texts are written in, Arabic first. */
export type ShopLanguage = 'ar' | 'fr' | 'en';

/** One free text, in each language (empty where not written). */
export type ShopTexts = Record<ShopLanguage, string>;

export interface ShopLegal {
  /** The name the shop is registered under. */
  legalName: string;
  /** Registre du commerce number. */
  rc: string;
  /** Numéro d'identification fiscale. */
  nif: string;
  address: string;
  phone: string;
  email: string;
  /** Terms of sale. */
  terms: ShopTexts;
  refunds: ShopTexts;
}

/**
 * `GET /api/admin/shop/legal` and `GET /api/shop/legal`: the identity, and its version (how many
 * times it was saved; 0 before the first save), also sent as the ETag.
 */
export interface ShopLegalAnswer {
  legal: ShopLegal;
  version: number;
  updatedAt: string | null;
}

/** `PUT /api/admin/shop/legal`. */
export interface ShopLegalSaved extends ShopLegalAnswer {
  message: string;
}
