import { useId, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons';

/**
 * A collapsible section (WAI-ARIA disclosure): a button with aria-expanded that shows or hides
 * the region it controls.
 */
export function Disclosure({
  summary,
  children,
  defaultOpen = false,
  className,
  testId,
  level = 2,
}: {
  summary: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  className?: string;
  testId?: string;
  /** The heading level of its button, where it sits in the page's outline. */
  level?: 2 | 3 | 4;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const Heading = `h${level}` as const;
  return (
    <section className={`disclosure ${className ?? ''}`} data-testid={testId}>
      <Heading className="disclosure-heading">
        <button
          type="button"
          className="disclosure-button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="disclosure-summary">{summary}</span>
          <ChevronDownIcon className="icon disclosure-chevron" />
        </button>
      </Heading>
      <div id={id} className="disclosure-panel" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
