import type { ButtonHTMLAttributes, ReactNode } from 'react';

export interface RowActionProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'aria-label'> {
  /** What the button does, for screen readers and as its tooltip (unless `title` says more). */
  label: string;
  /** The icon. */
  children: ReactNode;
  testId?: string;
}

/** An icon button in a table row's actions, named by its label. */
export function RowAction({ label, title, className, testId, children, ...button }: RowActionProps) {
  return (
    <button
      type="button"
      className={className ? `icon-btn ${className}` : 'icon-btn'}
      aria-label={label}
      title={title ?? label}
      data-testid={testId}
      {...button}
    >
      {children}
    </button>
  );
}
