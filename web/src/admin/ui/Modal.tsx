import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { focusPageHeading } from '../../components/layout/StoreLayout';
import { CloseIcon } from '../../components/ui/icons';

// The back office's one modal: closes on Escape, a click on the backdrop and the close
// button; sm/md/lg/xl widths; at most 90% of the screen high (the body scrolls); Tab and Shift+Tab
// stay inside; focus goes back where it was on close. Modals stack: Escape closes the top one.
// Not a native <dialog>: the top layer would put it above the toasts a failed write shows.

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalSize;
  children: ReactNode;
  /** Buttons under the body. */
  footer?: ReactNode;
  testId?: string;
}

export function Modal(props: ModalProps) {
  return props.open ? <OpenModal {...props} /> : null;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open modals, the top one last. */
const stack: HTMLElement[] = [];

function focusableIn(element: HTMLElement): HTMLElement[] {
  return [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/** How long after a modal closes its opener's removal (the row deleted when the list reloads) still moves focus. */
const OPENER_WATCH_MS = 5000;

/**
 * Focus goes back to the control that opened the modal. Where that control is gone (its row deleted,
 * the button replaced), now or once the page redraws, focus goes to the page's heading instead of
 * being lost to the document (docs/product.md#accessibility).
 */
function returnFocus(opener: HTMLElement | null): void {
  if (!opener?.isConnected) {
    focusPageHeading();
    return;
  }
  opener.focus();
  const lost = () => !opener.isConnected && (!document.activeElement || document.activeElement === document.body);
  const observer = new MutationObserver(() => {
    if (!lost()) return;
    focusPageHeading();
    stop();
  });
  const timer = window.setTimeout(() => stop(), OPENER_WATCH_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
}

function OpenModal({ onClose, title, size = 'md', children, footer, testId }: ModalProps) {
  const intl = useIntl();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const pressedOnBackdrop = useRef(false);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  const close = () => onCloseRef.current();

  useLayoutEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stack.push(dialog);
    document.documentElement.classList.add('modal-open');
    // The field marked to start with (past a form's language tabs), else a field of the body first
    // (what the modal is for), else the dialog itself, read with its title.
    const body = dialog.querySelector<HTMLElement>('.modal-body');
    const marked = dialog.querySelector<HTMLElement>('[autofocus], [data-autofocus]');
    (marked ?? (body && focusableIn(body)[0]) ?? dialog).focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || stack[stack.length - 1] !== dialog) return;
      event.preventDefault();
      onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      stack.splice(stack.indexOf(dialog), 1);
      if (stack.length === 0) document.documentElement.classList.remove('modal-open');
      returnFocus(opener);
    };
  }, []);

  // Tab and Shift+Tab cycle through the modal's controls.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = focusableIn(event.currentTarget);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return event.preventDefault();
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === event.currentTarget)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className="modal-backdrop"
      // A click that starts and ends on the backdrop closes; a text selection dragged out of the box does not.
      onPointerDown={(event) => (pressedOnBackdrop.current = event.target === event.currentTarget)}
      onClick={(event) => {
        if (pressedOnBackdrop.current && event.target === event.currentTarget) close();
        pressedOnBackdrop.current = false;
      }}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`modal modal-${size}`}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        <header className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          <button
            type="button"
            className="icon-btn modal-close"
            onClick={close}
            aria-label={intl.formatMessage({ id: 'common.close' })}
          >
            <CloseIcon size={20} />
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer && <footer className="modal-footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
