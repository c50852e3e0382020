import type { ReactNode } from 'react';

/**
 * An empty, error or not-found state: icon, heading, text and actions. Errors are announced
 * (role="alert"); the others are plain content.
 */
export function StatePanel({
  icon,
  title,
  text,
  actions,
  tone = 'neutral',
  headingLevel = 2,
  testId,
}: {
  icon: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  actions?: ReactNode;
  tone?: 'neutral' | 'error';
  headingLevel?: 1 | 2 | 3;
  testId?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={`state-panel${tone === 'error' ? ' state-error' : ''}`} role={tone === 'error' ? 'alert' : undefined} data-testid={testId}>
      <span className="state-icon">{icon}</span>
      <Heading className="state-title">{title}</Heading>
      {text && <p className="state-text">{text}</p>}
      {actions && <div className="state-actions">{actions}</div>}
    </div>
  );
}
