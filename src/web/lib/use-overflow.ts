import { useLayoutEffect, useState } from 'react';

/**
 * Whether an element's content is larger than its box (it scrolls, or its text is cut off), kept
 * up to date as either resizes. `content` names what the element shows: when it changes without
 * the box resizing (a longer text in a full-width cell), the element is measured again.
 * Returns a callback ref for the element and the answer per axis.
 */
export function useOverflow<T extends HTMLElement>(content?: unknown) {
  const [element, setElement] = useState<T | null>(null);
  const [overflow, setOverflow] = useState({ x: false, y: false });
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => {
      const x = element.scrollWidth > element.clientWidth;
      const y = element.scrollHeight > element.clientHeight;
      setOverflow((prev) => (prev.x === x && prev.y === y ? prev : { x, y }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // A table growing inside its scroll box changes the box's scroll size, not its own size.
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, [element, content]);
  return [setElement, overflow] as const;
}
