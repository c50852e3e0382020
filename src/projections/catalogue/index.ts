// The catalogue read model: its tables, its projection, the in-memory copy every instance answers
// from (built once by main.ts and shared), and what other code may read of it.
export { CATALOGUE_PROJECTION, catalogueProjection } from './projection';
export { createLiveCatalogue, type LiveCatalogue } from './live-catalogue';
export { categoryView, productView, type CatalogueSnapshot } from './snapshot';
export { findProductsForPricing, productFigures, type ProductForPricing } from './queries';
export type { CatalogueTables, CategoryRow, ProductRow } from './rows';
