import { useRef, useState } from 'react';

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
  return { problems, setProblems, showProblems, form };
}
