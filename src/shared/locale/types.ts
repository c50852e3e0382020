/** A language the storefront speaks (docs/product.md: Arabic first, then French and English). */
export type StoreLanguage = 'ar' | 'fr' | 'en';

/** Which way a language's text runs. */
export type Direction = 'rtl' | 'ltr';
