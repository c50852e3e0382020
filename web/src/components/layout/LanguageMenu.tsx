import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLanguage } from '../../i18n/I18nProvider';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '../../i18n/locales';
import { CheckIcon, ChevronDownIcon, GlobeIcon } from '../ui/icons';

/**
 * Language picker following the WAI-ARIA menu-button pattern: a button opening a menu of
 * radio items (arrow keys, Home/End, Escape, type-ahead by first letter, click outside closes).
 */
export function LanguageMenu() {
  const { locale, setLocale } = useLanguage();
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();

  const openMenu = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const closeMenu = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const current = LOCALES.indexOf(locale);

  const choose = (next: Locale) => {
    closeMenu(true);
    if (next !== locale) void setLocale(next);
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openMenu(current);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(LOCALES.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const last = LOCALES.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setFocusIndex((i) => (i >= last ? 0 : i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setFocusIndex((i) => (i <= 0 ? last : i - 1));
        break;
      case 'Home':
        event.preventDefault();
        setFocusIndex(0);
        break;
      case 'End':
        event.preventDefault();
        setFocusIndex(last);
        break;
      case 'Escape':
        event.preventDefault();
        closeMenu(true);
        break;
      case 'Tab':
        closeMenu(false);
        break;
      default:
        if (event.key.length === 1) {
          const key = event.key.toLowerCase();
          const match = LOCALES.findIndex((l) => LANGUAGE_NAMES[l].toLowerCase().startsWith(key) || l.startsWith(key));
          if (match !== -1) setFocusIndex(match);
        }
    }
  };

  const languageLabel = intl.formatMessage({ id: 'language.current' }, { language: LANGUAGE_NAMES[locale] });

  return (
    <div className="menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn lang-btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={languageLabel}
        title={intl.formatMessage({ id: 'language.label' })}
        onClick={() => (open ? closeMenu(false) : openMenu(current))}
        onKeyDown={onButtonKeyDown}
        data-testid="language-menu-button"
      >
        <GlobeIcon />
        <span className="lang-btn-text" lang={locale}>
          {LANGUAGE_NAMES[locale]}
        </span>
        <ChevronDownIcon size={16} />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={intl.formatMessage({ id: 'language.label' })}
          className="menu-list"
          onKeyDown={onMenuKeyDown}
        >
          {LOCALES.map((option, index) => (
            <button
              key={option}
              ref={(el) => {
                itemRefs.current[index] = el;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={option === locale}
              tabIndex={index === focusIndex ? 0 : -1}
              className="menu-item"
              lang={option}
              onClick={() => choose(option)}
              data-locale={option}
            >
              <span dir="auto">{LANGUAGE_NAMES[option]}</span>
              {option === locale && <CheckIcon size={16} />}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
