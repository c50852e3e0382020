import { ORDER_TOTAL_MAX } from '../ordering/constants';

// Rules and messages of the catalogue (SPEC §4, §5, §9), shared by the server and the web app.

/** In the order SPEC §4 sorts them; a product's price durations are always kept in this order. */
export const DURATIONS = [
  'free trial',
  '1 month',
  '3 months',
  '6 months',
  '12 months',
  '15 months',
  'life time',
] as const;
export type Duration = (typeof DURATIONS)[number];

/** SPEC §5: the default price of an added duration, from the product's base (monthly) price. */
export const DURATION_MULTIPLIERS: Record<Duration, number> = {
  'free trial': 0,
  '1 month': 1,
  '3 months': 2.7,
  '6 months': 5,
  '12 months': 9,
  '15 months': 11,
  'life time': 20,
};

export const defaultPrice = (duration: Duration, basePrice: number): number =>
  Math.round(basePrice * DURATION_MULTIPLIERS[duration]);

export const QUALITIES = ['SD', 'HD', 'Full HD', '4K'] as const;
export type Quality = (typeof QUALITIES)[number];

export const DEVICES_MIN = 1;
export const DEVICES_MAX = 10;
/** SPEC §9: a product with this many devices is shown as unlimited. */
export const UNLIMITED_DEVICES = 5;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = 'JPG, PNG or WebP';
export const SIMILAR_PRODUCTS = 4;
export const BULK_MAX_IDS = 200;
export const CATEGORY_PAGE_LIMIT_MAX = 100;
/** SPEC §9: the admin's category list offers these page sizes, 10 by default. */
export const CATEGORY_PAGE_SIZES = [5, 10, 20, 50] as const;
export const CATEGORY_PAGE_SIZE_DEFAULT = 10;
/** The longest category name and description the server accepts (the form stops there too). */
export const CATEGORY_NAME_MAX = 100;
export const CATEGORY_DESCRIPTION_MAX = 2000;

export const catalogueMessages = {
  productNameRequired: 'Product name is required',
  categoryNameRequired: 'Category name is required',
  categoryRequired: 'Please choose a category',
  noCategories: 'No categories available',
  categoryNotFound: 'Category not found',
  productNotFound: 'Product not found',
  channels: 'Channels must be a whole number of at least 0',
  devices: `Devices must be a whole number from ${DEVICES_MIN} to ${DEVICES_MAX}`,
  price: 'Prices must be whole numbers of at least 0',
  priceOverMax: `A price must be at most ${ORDER_TOTAL_MAX.toLocaleString('en-US')} Da, the most one order may cost`,
  quality: `Quality must be one of ${QUALITIES.join(', ')}`,
  duration: `Duration must be one of ${DURATIONS.join(', ')}`,
  durationsRequired: 'Add at least one duration with its price',
  priceDurations: 'Price durations must be a list of {duration, price, active}',
  features: 'Features must be a list of texts',
  imageTooLarge: 'Image size exceeds 2MB limit. Please choose a smaller file.',
  imageType: `The image must be a ${IMAGE_TYPES} file`,
  bulkIds: 'Select at least one product',
  bulkCategory: 'Choose the category to move the products to',
  durationTwice: (duration: string) => `The duration "${duration}" appears more than once`,
  flag: (field: string) => `${field} must be true or false (or 1 / 0)`,
  categoryHasProducts: (count: number) =>
    `This category still holds ${count} ${count === 1 ? 'product' : 'products'}. Move or delete ${count === 1 ? 'it' : 'them'} before deleting the category.`,
} as const;
