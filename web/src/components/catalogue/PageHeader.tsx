import type { ReactNode } from 'react';

/** The title band at the top of an inner page (store, cart, checkout…). */
export function PageHeader({
  title,
  subtitle,
  before,
  id,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  before?: ReactNode;
  id?: string;
}) {
  return (
    <header className="page-header">
      <div className="container">
        {before}
        <h1 className="page-title" id={id}>
          {title}
        </h1>
        {subtitle && <p className="page-subtitle">{subtitle}</p>}
      </div>
    </header>
  );
}
