import { useRef, useState } from 'react';
import { useAdminText } from '../i18n';
import { DATE_FORMAT_NAMES, readDay, useAdminDates } from './dates';
import type { ControlProps } from './FormField';
import { CalendarIcon } from './icons';
import './day-input.css';

/** An example day for messages: the last of the year, which shows which number is the day and which the month. */
export const EXAMPLE_DAY = '2026-12-31';

/**
 * A day typed in the admin's own date format (Settings > Language & Region), as every date of the back office is
 * written, or chosen on the browser's calendar (docs/product.md#settings). It tells each change as
 * the day read from the text (undefined while the text is not a whole day) and the text itself; whoever holds it
 * decides what a text that is not a day means.
 */
export function DayInput(props: {
  /** The day shown, `YYYY-MM-DD`; undefined for none (or while the typed text is not a day). */
  value: string | undefined;
  min?: string;
  max?: string;
  onChange: (day: string | undefined, typed: string) => void;
  onBlur?: (typed: string) => void;
  /** What the calendar button chooses, in its label ("Choose From on a calendar"). */
  field: string;
  control?: ControlProps;
  testId: string;
}) {
  const t = useAdminText();
  const dates = useAdminDates();
  const picker = useRef<HTMLInputElement>(null);
  const shown = (day: string | undefined) => (day ? dates.day(day) : '');
  const [text, setText] = useState(() => shown(props.value));

  // A day set elsewhere (the URL, Clear filters, the calendar) or a new date format shows as the admin writes it;
  // the text being typed stays as it is while it reads as the same day.
  const source = `${props.value ?? ''} ${dates.dateFormat}`;
  const [shownSource, setShownSource] = useState(source);
  if (shownSource !== source) {
    setShownSource(source);
    if (readDay(text, dates.dateFormat) !== props.value) setText(shown(props.value));
  }

  const type = (typed: string) => {
    setText(typed);
    props.onChange(readDay(typed, dates.dateFormat), typed);
  };

  return (
    // Left to right as a date is written, the calendar at its end, in Arabic too.
    <div className="day-input" dir="ltr">
      <input
        {...props.control}
        className="input"
        inputMode="numeric"
        autoComplete="off"
        // The format's order in words (يوم/شهر/سنة): an example date would read as a chosen one.
        placeholder={t(DATE_FORMAT_NAMES[dates.dateFormat])}
        value={text}
        onChange={(event) => type(event.target.value)}
        onBlur={() => props.onBlur?.(text)}
        data-testid={props.testId}
      />
      <button
        type="button"
        className="icon-btn day-input-picker"
        // The typed field is the keyboard's way; the calendar is a pointer's shortcut.
        tabIndex={-1}
        aria-label={t('admin.day.picker', { field: props.field })}
        title={t('admin.day.picker', { field: props.field })}
        onClick={() => picker.current?.showPicker()}
        data-testid={`${props.testId}-calendar`}
      >
        <CalendarIcon size={16} />
      </button>
      <input
        ref={picker}
        type="date"
        className="day-input-native"
        tabIndex={-1}
        aria-hidden="true"
        value={props.value ?? ''}
        min={props.min}
        max={props.max}
        onChange={(event) => {
          const day = event.target.value || undefined;
          props.onChange(day, shown(day));
        }}
      />
    </div>
  );
}
