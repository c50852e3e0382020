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
}: {
  summary: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  className?: string;
  testId?: string;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <section className={`disclosure ${className ?? ''}`} data-testid={testId}>
      <h2 className="disclosure-heading">
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
      </h2>
      <div id={id} className="disclosure-panel" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
