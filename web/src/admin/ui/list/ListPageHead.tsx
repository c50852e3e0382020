import type { ReactNode } from 'react';
import { useAdminTitle } from '../../layout/useAdminTitle';

export interface ListPageHeadProps {
  /** The page's heading, and the document title's page name. */
  title: string;
  /** The line under the title; none while it is not known (null, undefined or false). */
  subtitle?: ReactNode;
  subtitleTestId?: string;
  /** The page's main actions (Add, Export), at the end of the line. */
  children?: ReactNode;
}

/** The head of a back-office list page: its title (the document title too), a line under it and its actions. */
export function ListPageHead({ title, subtitle, subtitleTestId, children }: ListPageHeadProps) {
  useAdminTitle(title);
  return (
    <header className="admin-page-head">
      <div>
        <h1 className="admin-page-title">{title}</h1>
        {subtitle != null && subtitle !== false && (
          <p className="admin-page-subtitle" data-testid={subtitleTestId}>
            {subtitle}
          </p>
        )}
      </div>
      {children}
    </header>
  );
}
