import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

/** A breadcrumb trail: links, then the current page (aria-current). */
export function Breadcrumbs({ items }: { items: { key: string; node: ReactNode; current?: boolean }[] }) {
  const intl = useIntl();
  return (
    <nav className="breadcrumbs" aria-label={intl.formatMessage({ id: 'breadcrumbs.label' })}>
      <ol role="list">
        {items.map((item) => (
          <li key={item.key} aria-current={item.current ? 'page' : undefined}>
            {item.node}
          </li>
        ))}
      </ol>
    </nav>
  );
}
