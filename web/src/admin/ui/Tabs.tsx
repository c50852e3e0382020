import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useLanguage } from '../../i18n/I18nProvider';
import { directionOf } from '../../i18n/locales';

// WAI-ARIA tabs (the settings' sections, the subscriptions' views) with automatic activation: one tab stop (the selected tab), the arrow keys move
// to and select the next or previous tab (in the reading direction: in Arabic the right arrow
// goes back), Home and End to the first and last; Tab then enters the panel.

export interface TabItem<K extends string> {
  key: K;
  label: string;
  icon?: ReactNode;
  /** Said after the label, in the tab's name (a language's state in the catalogue's forms). */
  badge?: ReactNode;
}

export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  testId,
  children,
}: {
  label: string;
  tabs: TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** Each panel's test id is `{testId}-{key}`. */
  testId: string;
  /** The selected tab's panel (the others are there, empty and hidden, for their tabs to point at). */
  children: ReactNode;
}) {
  const id = useId();
  const rtl = directionOf(useLanguage().locale) === 'rtl';
  const refs = useRef(new Map<K, HTMLButtonElement | null>());
  const tabId = (key: K) => `${id}-tab-${key}`;
  const panelId = (key: K) => `${id}-panel-${key}`;

  const move = (to: number) => {
    const next = tabs[(to + tabs.length) % tabs.length]!.key;
    onSelect(next);
    refs.current.get(next)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // From the tab that has the focus: the selection (kept in the URL) may not have followed yet.
    const from = (event.target as HTMLElement).closest<HTMLElement>('[role="tab"]')?.dataset.tab ?? selected;
    const index = tabs.findIndex((tab) => tab.key === from);
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    const to =
      event.key === forward
        ? index + 1
        : event.key === back
          ? index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    move(to);
  };

  return (
    <div className="admin-tabs">
      <div role="tablist" aria-label={label} className="admin-tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const active = tab.key === selected;
          return (
            <button
              key={tab.key}
              ref={(element) => void refs.current.set(tab.key, element)}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              aria-selected={active}
              aria-controls={panelId(tab.key)}
              tabIndex={active ? 0 : -1}
              className="admin-tab"
              onClick={() => onSelect(tab.key)}
              data-tab={tab.key}
            >
              {tab.icon}
              <span>{tab.label}</span>
              {tab.badge}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={panelId(tab.key)}
          aria-labelledby={tabId(tab.key)}
          tabIndex={0}
          hidden={tab.key !== selected}
          className="admin-tabpanel"
          data-testid={`${testId}-${tab.key}`}
        >
          {tab.key === selected && children}
        </div>
      ))}
    </div>
  );
}
