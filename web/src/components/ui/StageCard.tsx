import type { ReactNode } from 'react';
import { Spinner } from './Spinner';

/**
 * The page-wide card of a step the shopper waits on or has just passed (processing, verifying,
 * confirmed): a spinner unless an icon is given, the page's heading and a line of text. It is a
 * live region, so a new step read into the same card is announced.
 */
export function StageCard({
  icon,
  title,
  text,
  testId,
}: {
  icon?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="container page-body">
      <div className="card stage-card" role="status" aria-live="polite" data-testid={testId}>
        {icon ?? <Spinner size="lg" />}
        <h1 className="stage-title">{title}</h1>
        {text && <p className="stage-text">{text}</p>}
      </div>
    </div>
  );
}
