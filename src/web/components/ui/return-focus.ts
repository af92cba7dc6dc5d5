import { useRef } from 'react';

/**
 * Gives the focus back to what had it when a dialog opened (issue 12, keyboard journey). Radix's
 * dialogs return it to their own Trigger only; most of ours are opened by an ordinary button that
 * sets state, and the focus then fell to the page's start on close. Returns the content's
 * `onOpenAutoFocus` (which still sees the opener focused: Radix moves the focus in after it) and
 * `onCloseAutoFocus` handlers, each wrapping the caller's. An opener that is gone by then (a row
 * that was deleted, an empty state replaced) leaves Radix's default.
 */
export function useReturnFocus({
  onOpenAutoFocus,
  onCloseAutoFocus,
}: {
  onOpenAutoFocus?: ((event: Event) => void) | undefined;
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const focused = document.activeElement;
      opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}
