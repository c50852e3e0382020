import { useId, type ReactNode } from 'react';

/** A list's filter as a select whose label only screen readers hear (the options say what it filters). */
export function FilterSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="admin-filter">
      <label htmlFor={id} className="visually-hidden">
        {props.label}
      </label>
      <select
        id={id}
        className="select"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        data-testid={props.testId}
      >
        {props.children}
      </select>
    </div>
  );
}
