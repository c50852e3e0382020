import type { StoreLanguage } from '../../shared/locale';

// What the pages' heads say, in the storefront's three languages. The titles are the web app's
// own (web/src/i18n/messages: brand.name, brand.tagline, store.title…; texts.unit.spec.ts checks
// they stay the same), so a page's title does not change when the app starts.

export interface PageTexts {
  brand: string;
  tagline: string;
  /** The home page's description (the hero's subtitle). */
  homeDescription: string;
  storeTitle: string;
  storeDescription: string;
  notFound: string;
  productNotFound: string;
  categoryNotFound: string;
  freeTrial: string;
  /** "From 1 500 Da": a product's price, that of its first paid duration. */
  from: (price: string) => string;
  /** A category without a description of its own. */
  categoryDescription: (name: string) => string;
  /** Open Graph's name of the language (`og:locale`). */
  ogLocale: string;
}

export const PAGE_TEXTS: Record<StoreLanguage, PageTexts> = {
  ar: {
    brand: 'Nova IPTV',
    tagline: 'اشتراكات IPTV في الجزائر',
    homeDescription:
      'آلاف القنوات المباشرة والأفلام والمسلسلات بجودة HD و4K. تفعيل فوري، ودفع آمن بالدينار، ودعم على مدار الساعة.',
    storeTitle: 'المتجر',
    storeDescription: 'اختر فئة لعرض باقات IPTV الخاصة بها.',
    notFound: 'الصفحة غير موجودة',
    productNotFound: 'المنتج غير موجود',
    categoryNotFound: 'الفئة غير موجودة',
    freeTrial: 'تجربة مجانية متاحة',
    from: (price) => `ابتداءً من ${price}`,
    categoryDescription: (name) => `${name}: باقات IPTV في الجزائر`,
    ogLocale: 'ar_DZ',
  },
  fr: {
    brand: 'Nova IPTV',
    tagline: 'Abonnements IPTV en Algérie',
    homeDescription:
      'Des milliers de chaînes en direct, de films et de séries en HD et 4K. Activation immédiate, paiement sécurisé en dinars et assistance 24 h/24.',
    storeTitle: 'Boutique',
    storeDescription: 'Choisissez une catégorie pour voir ses offres IPTV.',
    notFound: 'Page introuvable',
    productNotFound: 'Produit introuvable',
    categoryNotFound: 'Catégorie introuvable',
    freeTrial: 'Essai gratuit disponible',
    from: (price) => `À partir de ${price}`,
    categoryDescription: (name) => `${name} : offres IPTV en Algérie`,
    ogLocale: 'fr_DZ',
  },
  en: {
    brand: 'Nova IPTV',
    tagline: 'IPTV subscriptions for Algeria',
    homeDescription:
      'Thousands of live channels, films and series in HD and 4K. Instant activation, secure payment in dinars and support around the clock.',
    storeTitle: 'Store',
    storeDescription: 'Choose a category to see its IPTV packages.',
    notFound: 'Page not found',
    productNotFound: 'Product Not Found',
    categoryNotFound: 'Category not found',
    freeTrial: 'Free trial available',
    from: (price) => `From ${price}`,
    categoryDescription: (name) => `${name}: IPTV packages for Algeria`,
    ogLocale: 'en_US',
  },
};
