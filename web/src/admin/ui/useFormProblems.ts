import { useRef, useState } from 'react';
import { conflictOf } from '../api/client';

/**
 * A form's refusals by field, and how they are shown: the first field in error takes the focus
 * once its message is on screen. `form` goes on the <form>.
 */
export function useFormProblems<P extends object>() {
  const [problems, setProblems] = useState<P>({} as P);
  const form = useRef<HTMLFormElement>(null);
  const showProblems = (found: P) => {
    setProblems(found);
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
  /** Before a save: the form's own problems are said (false), or cleared (true) and the write may go. */
  const passes = (found: P) => {
    if (Object.keys(found).length) {
      showProblems(found);
      return false;
    }
    setProblems({} as P);
    return true;
  };
  /**
   * What a versioned write's refusal becomes: a stale version goes to `onStale` (the shared conflict dialog is
   * up), anything else to the fields the server names.
   */
  const refused = (onStale: () => void, serverProblems: (error: unknown) => P) => (error: unknown) =>
    conflictOf(error) ? onStale() : showProblems(serverProblems(error));
  return { problems, setProblems, showProblems, passes, refused, form };
}
