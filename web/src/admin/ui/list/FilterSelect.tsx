import { useId, type ReactNode } from 'react';

/** A list's filter: its control, given the id its label points at, beside that label. */
export function FilterField(props: {
  label: string;
  labelClassName: string;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={props.className ? `admin-filter ${props.className}` : 'admin-filter'}>
      <label htmlFor={id} className={props.labelClassName}>
        {props.label}
      </label>
      {props.children(id)}
    </div>
  );
}

interface FilterOption {
  value: string;
  label: string;
}

/**
 * A list's filter as a select whose label only screen readers hear (the options say what it
 * filters): the option that filters nothing first, then `options`, then any grouped `children`.
 */
export function FilterSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  all: FilterOption;
  options?: readonly FilterOption[];
  children?: ReactNode;
  testId: string;
}) {
  return (
    <FilterField label={props.label} labelClassName="visually-hidden">
      {(id) => (
        <select
          id={id}
          className="select"
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          data-testid={props.testId}
        >
          <option value={props.all.value}>{props.all.label}</option>
          {props.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          {props.children}
        </select>
      )}
    </FilterField>
  );
}
