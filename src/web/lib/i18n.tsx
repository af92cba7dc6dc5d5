import { setupI18n } from '@lingui/core';
import { Fragment, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { languages, loaders } from 'virtual:catalogs';
import {
  DEFAULT_LANGUAGE,
  PSEUDO_LANGUAGE,
  negotiateLanguage,
} from '../../contracts/i18n/languages';

/**
 * The SPA's languages (decision 018). Messages live in `src/locales/<language>/*.json`, are
 * compiled at build time and loaded per language on demand; Lingui's small runtime formats
 * them (ICU plurals, numbers, dates). Keys are string literals (`t('grants.title')`) so the
 * catalog test can find every key in use; for a key chosen at run time, list the candidates
 * with `msg('…')`.
 */

export const i18n = setupI18n();

/** The languages people can choose: one per catalog folder, the default first. */
export const availableLanguages: readonly string[] = languages;

const STORAGE_KEY = 'esop.language';
const listeners = new Set<() => void>();
const loadedLanguages = new Set<string>();

export type MessageValues = Record<string, unknown>;

/** The active language's message for `id`, with `values` filled in. */
export function t(id: string, values?: MessageValues): string {
  return i18n._(id, values);
}

/** Marks a catalog key chosen at run time (`const LABEL = { a: msg('x.a') }`; `t(LABEL[k])`). */
export function msg<const K extends string>(id: K): K {
  return id;
}

/** The active language's tag (`nl`, `en`). */
export function activeLanguage(): string {
  return i18n.locale || DEFAULT_LANGUAGE;
}

function isLoadable(language: string): language is keyof typeof loaders {
  return Object.hasOwn(loaders, language);
}

/**
 * Loads `language`'s catalog (once) and makes it the active language: `<html lang>` follows,
 * the choice is remembered in this browser, and the app re-renders in it. An unknown language
 * activates the default.
 */
export async function activateLanguage(language: string): Promise<void> {
  const chosen = isLoadable(language) ? language : DEFAULT_LANGUAGE;
  if (i18n.locale === chosen) return;
  if (!loadedLanguages.has(chosen)) {
    const { default: messages } = await loaders[chosen]!();
    i18n.load(chosen, messages as Parameters<typeof i18n.load>[1]);
    loadedLanguages.add(chosen);
  }
  i18n.activate(chosen);
  document.documentElement.lang = chosen === PSEUDO_LANGUAGE ? DEFAULT_LANGUAGE : chosen;
  try {
    localStorage.setItem(STORAGE_KEY, chosen);
  } catch {
    // Storage can be off (private mode); the account's saved language still applies.
  }
  for (const listener of listeners) listener();
}

/**
 * The language to start in before anything is known about the user: the one this browser used
 * last, else the best match for the browser's languages, else English.
 */
export function initialLanguage(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored && isLoadable(stored)) return stored;
  } catch {
    // See activateLanguage.
  }
  const wanted = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  return negotiateLanguage(wanted, availableLanguages);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The active language; the component re-renders when it changes. */
export function useLanguage(): string {
  return useSyncExternalStore(subscribe, activeLanguage);
}

/**
 * Re-mounts the app when the language changes, so every `t()` call (in components, toasts and
 * form schemas alike) is read again in the new language.
 */
export function LanguageBoundary({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return <Fragment key={language}>{children}</Fragment>;
}

/** A language's own name for itself: "Nederlands", "English", "français". */
export function languageName(language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
    return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  } catch {
    return language;
  }
}

const TAG = /<(\w+)>([\s\S]*?)<\/\1>|<(\w+)\s*\/>/g;

/**
 * A message with markup: `<Trans id="x" components={{ link: <Link to="/" /> }} />` renders
 * "Go to <link>Organizations</link>" with the text inside the given element. Tags the message
 * names but `components` lacks are rendered as their text.
 */
export function Trans({
  id,
  values,
  components = {},
}: {
  id: string;
  values?: MessageValues;
  components?: Record<string, ReactElement<{ children?: ReactNode }>>;
}) {
  return <>{renderTags(t(id, values), components)}</>;
}

function renderTags(
  text: string,
  components: Record<string, ReactElement<{ children?: ReactNode }>>,
): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const name = match[1] ?? match[3]!;
    const inner = match[2];
    const element = components[name];
    const key = `${name}-${index++}`;
    if (element) {
      const children = inner === undefined ? undefined : renderTags(inner, components);
      nodes.push(
        <element.type {...element.props} key={key}>
          {children ?? element.props.children}
        </element.type>,
      );
    } else if (inner !== undefined) {
      nodes.push(...renderTags(inner, components));
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}
