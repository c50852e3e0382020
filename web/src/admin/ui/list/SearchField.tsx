import { useEffect, useId, useRef, useState } from 'react';
import { SearchIcon } from '../icons';

/** Searches wait 300 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchFieldProps {
  label: string;
  placeholder?: string;
  /** The search in force (from the URL): the field follows it when it changes elsewhere. */
  value: string;
  /** Called once typing pauses, with the trimmed text. */
  onSearch: (value: string) => void;
  testId?: string;
}

/** A list's search box: typing updates the field at once and the search once typing pauses. */
export function SearchField({ label, placeholder, value, onSearch, testId }: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  }, [onSearch]);
  // A search set from elsewhere (a link, Back) shows in the field.
  const [searched, setSearched] = useState(value);
  if (value !== searched) {
    setSearched(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => latest.current(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <div className="admin-search">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <SearchIcon size={18} aria-hidden="true" className="admin-search-icon" />
      <input
        id={id}
        type="search"
        className="input admin-search-input"
        value={text}
        placeholder={placeholder ?? label}
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') latest.current(text.trim());
        }}
        data-testid={testId}
      />
    </div>
  );
}
