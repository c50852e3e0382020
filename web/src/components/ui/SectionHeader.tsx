import type { ReactNode } from 'react';

/** A section's heading and subtitle, with an optional link beside them (the home page's sections). */
export function SectionHeader({
  id,
  title,
  subtitle,
  action,
  centered = false,
}: {
  id: string;
  title: ReactNode;
  subtitle?: ReactNode;
  action?: ReactNode;
  centered?: boolean;
}) {
  return (
    <div className={`section-head${centered ? ' section-head-center' : ''}`}>
      <div>
        <h2 id={id} className="section-title">
          {title}
        </h2>
        {subtitle && <p className="section-subtitle">{subtitle}</p>}
      </div>
      {action}
    </div>
  );
}
