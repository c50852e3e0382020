import { useId, useState } from 'react';
import { useAdminText } from '../i18n';
import { DayInput, EXAMPLE_DAY } from '../ui/DayInput';
import { readDay, useAdminDates } from '../ui/dates';

/**
 * A day of the activity's range (docs/product.md#activity), typed in the admin's date format or chosen on the
 * calendar. Only a whole day within `min`–`max` is applied; anything else is said under the field on leaving it.
 */
export function DayField(props: {
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onChange: (day: string | undefined) => void;
  testId: string;
}) {
  const t = useAdminText();
  const dates = useAdminDates();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  // A day applied (typed whole, or set elsewhere: the URL, Clear filters) leaves no problem behind.
  const [shownValue, setShownValue] = useState(props.value);
  if (shownValue !== props.value) {
    setShownValue(props.value);
    setProblem(null);
  }

  const problemOf = (typed: string): string | null => {
    if (typed.trim() === '') return null;
    const day = readDay(typed, dates.dateFormat);
    if (!day) return t('admin.day.invalid', { example: dates.day(EXAMPLE_DAY) });
    if (props.max && day > props.max) return t('admin.day.tooLate', { day: dates.day(props.max) });
    if (props.min && day < props.min) return t('admin.day.tooEarly', { day: dates.day(props.min) });
    return null;
  };

  const change = (day: string | undefined, typed: string) => {
    if (problem) setProblem(problemOf(typed));
    if (typed.trim() === '') return props.onChange(undefined);
    if (problemOf(typed) === null) props.onChange(day);
  };

  return (
    <div className="admin-filter audit-day-field">
      <label htmlFor={id} className="audit-day-label">
        {props.label}
      </label>
      <DayInput
        value={props.value}
        min={props.min}
        max={props.max}
        onChange={change}
        onBlur={(typed) => setProblem(problemOf(typed))}
        field={props.label}
        control={{
          id,
          'aria-invalid': problem ? true : undefined,
          'aria-describedby': problem ? `${id}-problem` : undefined,
        }}
        testId={props.testId}
      />
      {problem && (
        <p
          id={`${id}-problem`}
          className="field-error audit-day-problem"
          role="alert"
          data-testid={`${props.testId}-problem`}
        >
          {problem}
        </p>
      )}
    </div>
  );
}
