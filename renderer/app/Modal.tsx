// A modal dialog: labelled by its heading, keeps keyboard focus inside while open, closes on Escape,
// and gives focus back to what had it before.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * `footer` (the dialog's buttons, and what they report) stays in view under the content, which
 * scrolls on its own when the window is too short for it: a tall dialog (the print options and a
 * page preview) at the default window size had its Save button below the bottom edge.
 */
export function Modal(props: { title: string; onCancel: () => void; children: ReactNode; footer?: ReactNode; describedBy?: string; role?: 'dialog' | 'alertdialog' }) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const onCancel = useRef(props.onCancel);
  onCancel.current = props.onCancel;

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const box = ref.current!;
    const first = box.querySelector<HTMLElement>('[data-autofocus]') ?? box.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? box).focus();
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onCancel.current();
      return;
    }
    if (e.key !== 'Tab') return;
    const items = [...ref.current!.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="modal-backdrop">
      <div
        ref={ref}
        className={props.footer === undefined ? 'modal' : 'modal has-footer'}
        role={props.role ?? 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={props.describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="modal-title">
          {props.title}
        </h2>
        {props.footer === undefined ? (
          props.children
        ) : (
          <>
            <div className="modal-body">{props.children}</div>
            <div className="modal-footer">{props.footer}</div>
          </>
        )}
      </div>
    </div>
  );
}
