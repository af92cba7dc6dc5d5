import { useMemo, useState } from 'react';

/**
 * Which optional columns of a wide table a person has hidden (issue 12), remembered in this
 * browser's localStorage under their user id: two people sharing a browser keep their own choice.
 * Only hiding is stored; a column added later shows until someone hides it.
 */

type ReadStorage = Pick<Storage, 'getItem'>;
type WriteStorage = Pick<Storage, 'setItem' | 'removeItem'>;

/** The storage key of one user's choice for one table. */
export function columnChoiceKey(userId: string, tableId: string): string {
  return `esop-crm:columns:${tableId}:${userId}`;
}

/**
 * The hidden columns stored under `key`, keeping only ids of `optional` columns (a column that
 * became required, or a hand-edited entry, is shown). Missing or unreadable: none hidden.
 */
export function readHiddenColumns(
  storage: ReadStorage | null,
  key: string,
  optional: readonly string[],
): string[] {
  let raw: string | null;
  try {
    raw = storage?.getItem(key) ?? null;
  } catch {
    // Storage refused (privacy settings): the defaults.
    return [];
  }
  if (raw === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return optional.filter((id) => parsed.includes(id));
}

/** Stores the hidden columns (nothing hidden: the entry is removed). Storage errors are ignored. */
export function writeHiddenColumns(
  storage: WriteStorage | null,
  key: string,
  hidden: readonly string[],
): void {
  try {
    if (hidden.length === 0) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(hidden));
  } catch {
    // Full or refused: the choice holds for this visit only.
  }
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The signed-in user's column choice for a table: the hidden column ids, and a setter that
 * stores each change at once.
 */
export function useColumnChoice(userId: string, tableId: string, optional: readonly string[]) {
  const key = columnChoiceKey(userId, tableId);
  const optionalKey = optional.join('\n');
  const [state, setState] = useState(() => ({
    key,
    optionalKey,
    hidden: readHiddenColumns(browserStorage(), key, optional),
  }));
  let current = state;
  if (state.key !== key || state.optionalKey !== optionalKey) {
    // Another user or another set of columns: read their choice.
    current = { key, optionalKey, hidden: readHiddenColumns(browserStorage(), key, optional) };
    setState(current);
  }
  const hidden = useMemo(() => new Set(current.hidden), [current.hidden]);
  const store = (next: string[]) => {
    writeHiddenColumns(browserStorage(), current.key, next);
    setState({ ...current, hidden: next });
  };
  const setVisible = (column: string, visible: boolean) => {
    const others = current.hidden.filter((id) => id !== column);
    store(visible ? others : [...others, column]);
  };
  const showAll = () => store([]);
  return { hidden, setVisible, showAll };
}
