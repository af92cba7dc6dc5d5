import { useSyncExternalStore } from 'react';

/**
 * Light, dark or the system's colour scheme (issue 12, decision 023). The choice is kept in this
 * browser (localStorage), "system" is the default and follows `prefers-color-scheme` as it
 * changes. The class `dark` on `<html>` switches Tailwind's `dark:` variant and the theme's
 * colours (styles.css). `public/theme-setup.js` applies the stored choice before the first paint
 * with the same key and rules; this module takes over once the app runs.
 */

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

const STORAGE_KEY = 'esop.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function isTheme(value: unknown): value is Theme {
  return THEMES.includes(value as Theme);
}

function readStored(): Theme {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isTheme(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

let current: Theme = typeof window === 'undefined' ? 'system' : readStored();

function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

/**
 * Switches colour transitions off while the theme flips (`theme-switching`, styles.css): without
 * it every button and link fades between the themes' colours at its own pace, and the page is
 * briefly in neither theme.
 */
function pauseTransitions(root: HTMLElement) {
  root.classList.add('theme-switching');
  requestAnimationFrame(() =>
    requestAnimationFrame(() => root.classList.remove('theme-switching')),
  );
}

/** Puts `theme` on `<html>`: the `dark` class, native controls' `color-scheme`, `data-theme`. */
function apply(theme: Theme) {
  const dark = theme === 'dark' || (theme === 'system' && systemPrefersDark());
  const root = document.documentElement;
  if (root.classList.contains('dark') !== dark) pauseTransitions(root);
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  root.dataset.theme = theme;
}

/** The theme chosen in this browser. */
export function activeTheme(): Theme {
  return current;
}

/** Chooses `theme`, remembers it in this browser and applies it at once. */
export function setTheme(theme: Theme): void {
  current = theme;
  try {
    if (theme === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Storage off: the choice holds for this page only.
  }
  apply(theme);
  for (const listener of listeners) listener();
}

/**
 * Keeps the page on the chosen theme: follows the system's scheme while "system" is chosen, and
 * a choice made in another tab. Call once at start-up.
 */
export function watchTheme(): () => void {
  apply(current);
  const media = matchMedia(DARK_QUERY);
  const onSystemChange = () => {
    if (current === 'system') apply('system');
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    current = readStored();
    apply(current);
    for (const listener of listeners) listener();
  };
  media.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  return () => {
    media.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen theme, re-rendering when it changes. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, activeTheme, () => 'system');
}
