// Placeholders of the product and category cards while a list loads. Apart from the cards
// themselves, so that a route's pending page does not pull the cards into the first download.

export function ProductCardSkeleton() {
  return (
    <div className="card product-card skeleton-card" aria-hidden="true">
      <div className="product-media skeleton" />
      <div className="product-body">
        <div className="skeleton skeleton-line" style={{ inlineSize: '35%' }} />
        <div className="skeleton skeleton-line skeleton-title" style={{ inlineSize: '70%' }} />
        <div className="skeleton skeleton-line" style={{ inlineSize: '90%' }} />
        <div className="skeleton skeleton-line" style={{ inlineSize: '50%', marginBlockStart: 'auto' }} />
      </div>
    </div>
  );
}

export function CategoryCardSkeleton() {
  return (
    <div className="card category-card skeleton-card" aria-hidden="true">
      <div className="category-media skeleton" />
      <div className="category-body">
        <div className="skeleton skeleton-line skeleton-title" style={{ inlineSize: '60%' }} />
        <div className="skeleton skeleton-line" style={{ inlineSize: '95%' }} />
        <div className="skeleton skeleton-line" style={{ inlineSize: '70%' }} />
      </div>
    </div>
  );
}
