import type { ReactNode } from 'react';

interface StatePanelProps {
  icon: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  actions?: ReactNode;
  tone?: 'neutral' | 'error';
  headingLevel?: 1 | 2 | 3;
  testId?: string;
}

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
}: StatePanelProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      className={`state-panel${tone === 'error' ? ' state-error' : ''}`}
      role={tone === 'error' ? 'alert' : undefined}
      data-testid={testId}
    >
      <span className="state-icon">{icon}</span>
      <Heading className="state-title">{title}</Heading>
      {text && <p className="state-text">{text}</p>}
      {actions && <div className="state-actions">{actions}</div>}
    </div>
  );
}

/** A state that is the whole page (a route's error or not-found page): its title is the page's heading. */
export function PageState({ before, ...panel }: Omit<StatePanelProps, 'headingLevel'> & { before?: ReactNode }) {
  return (
    <div className="container page-body">
      {before}
      <StatePanel {...panel} headingLevel={1} />
    </div>
  );
}
