import { useId, useRef, useState } from 'react';
import { useAdminText } from '../i18n';
import { readDay, useAdminDates } from '../ui/dates';
import { CalendarIcon } from '../ui/icons';

/** An example day for the hint: the last of the year, which shows which number is the day and which the month. */
const EXAMPLE_DAY = '2026-12-31';

/**
 * A day of the activity's range, typed in the admin's own date format (Settings > Language & Region), as every
 * date of the back office is written, or chosen on the browser's calendar (docs/product.md#activity). Only a whole
 * day within `min`–`max` is applied; anything else is said under the field on leaving it.
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
  const picker = useRef<HTMLInputElement>(null);
  const shown = (day: string | undefined) => (day ? dates.day(day) : '');
  const [text, setText] = useState(() => shown(props.value));
  const [problem, setProblem] = useState<string | null>(null);

  // A day set elsewhere (the URL, Clear filters, the calendar) or a new date format shows as the admin writes it.
  const source = `${props.value ?? ''} ${dates.dateFormat}`;
  const [shownSource, setShownSource] = useState(source);
  if (shownSource !== source) {
    setShownSource(source);
    setText(shown(props.value));
    setProblem(null);
  }

  const problemOf = (typed: string): string | null => {
    if (typed.trim() === '') return null;
    const day = readDay(typed, dates.dateFormat);
    if (!day) return t('admin.activity.dayInvalid', { example: dates.day(EXAMPLE_DAY) });
    if (props.max && day > props.max) return t('admin.activity.dayTooLate', { day: dates.day(props.max) });
    if (props.min && day < props.min) return t('admin.activity.dayTooEarly', { day: dates.day(props.min) });
    return null;
  };

  const type = (typed: string) => {
    setText(typed);
    if (problem) setProblem(problemOf(typed));
    if (typed.trim() === '') return props.onChange(undefined);
    if (problemOf(typed) === null) props.onChange(readDay(typed, dates.dateFormat));
  };

  return (
    <div className="admin-filter audit-day-field">
      <label htmlFor={id} className="audit-day-label">
        {props.label}
      </label>
      {/* Left to right as a date is written, the calendar at its end, in Arabic too. */}
      <div className="audit-day-input" dir="ltr">
        <input
          id={id}
          className="input"
          inputMode="numeric"
          autoComplete="off"
          placeholder={dates.day(EXAMPLE_DAY)}
          value={text}
          onChange={(event) => type(event.target.value)}
          onBlur={() => setProblem(problemOf(text))}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          data-testid={props.testId}
        />
        <button
          type="button"
          className="icon-btn audit-day-picker"
          // The typed field is the keyboard's way; the calendar is a pointer's shortcut.
          tabIndex={-1}
          aria-label={t('admin.activity.dayPicker', { field: props.label })}
          title={t('admin.activity.dayPicker', { field: props.label })}
          onClick={() => picker.current?.showPicker()}
          data-testid={`${props.testId}-calendar`}
        >
          <CalendarIcon size={16} />
        </button>
        <input
          ref={picker}
          type="date"
          className="audit-day-native"
          tabIndex={-1}
          aria-hidden="true"
          value={props.value ?? ''}
          min={props.min}
          max={props.max}
          onChange={(event) => props.onChange(event.target.value || undefined)}
        />
      </div>
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
