import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Loader2, Search } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import {
  SEARCH_QUERY_MAX,
  SEARCH_TYPES,
  searchTerms,
  type SearchResult,
  type SearchType,
} from '../../../contracts/search';
import { overlayClassName } from '../../components/ui/dialog';
import { useReturnFocus } from '../../components/ui/return-focus';
import { msg, t } from '../../lib/i18n';
import { cn } from '../../lib/utils';
import { searchQueryOptions } from './api';
import { highlight } from './highlight';

/** How long typing must pause before the palette asks the server. */
const DEBOUNCE_MS = 150;

const HEADING: Record<SearchType, string> = {
  company: msg('search.type.company'),
  contact: msg('search.type.contact'),
  stakeholder: msg('search.type.stakeholder'),
  grant: msg('search.type.grant'),
  note: msg('search.type.note'),
  task: msg('search.type.task'),
};

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function Highlighted({ text, terms }: { text: string; terms: readonly string[] }) {
  return (
    <>
      {highlight(text, terms).map((piece, i) =>
        piece.match ? (
          <mark key={i} className="rounded-sm bg-primary/15 text-inherit">
            {piece.text}
          </mark>
        ) : (
          <span key={i}>{piece.text}</span>
        ),
      )}
    </>
  );
}

/**
 * The command palette of the header's search (issue 15): a dialog with one combobox input and a
 * listbox of results grouped by type. ↑/↓ move the active option (`aria-activedescendant`; the
 * focus stays in the input), Enter opens it, Esc closes. Loaded as its own chunk (decision 005).
 */
export function SearchPalette({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const [active, setActive] = useState(0);
  const q = useDebounced(input.trim(), DEBOUNCE_MS);
  const { data, isFetching, isError, isPlaceholderData } = useQuery(searchQueryOptions(q));
  const results = useMemo(() => (q ? (data?.results ?? []) : []), [data, q]);
  const terms = useMemo(() => searchTerms(q), [q]);
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const returnFocus = useReturnFocus({});

  // The active option, kept within the results as they change.
  const current = Math.max(0, Math.min(active, results.length - 1));
  const change = (next: boolean) => {
    if (!next) {
      setInput('');
      setActive(0);
    }
    onOpenChange(next);
  };

  function openResult(result: SearchResult) {
    change(false);
    const companyId = result.companyId;
    switch (result.type) {
      case 'stakeholder':
        void navigate({
          to: '/companies/$companyId/stakeholders',
          params: { companyId: companyId! },
        });
        return;
      case 'grant':
        void navigate({
          to: '/companies/$companyId/grants/$grantId',
          params: { companyId: companyId!, grantId: result.id },
        });
        return;
      case 'task':
        void navigate({ to: '/tasks', search: { task: result.id } });
        return;
      case 'contact':
        void navigate({
          to: '/companies/$companyId/contacts',
          params: { companyId: companyId! },
        });
        return;
      case 'note':
        void navigate({ to: '/companies/$companyId/notes', params: { companyId: companyId! } });
        return;
      default:
        void navigate({ to: '/companies/$companyId', params: { companyId: companyId! } });
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (results.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + results.length) % results.length);
    } else if (event.key === 'Home' && event.ctrlKey) {
      setActive(0);
    } else if (event.key === 'End' && event.ctrlKey) {
      setActive(results.length - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = results[current];
      if (chosen) openResult(chosen);
    }
  }

  useEffect(() => {
    document.getElementById(`${id}-option-${current}`)?.scrollIntoView({ block: 'nearest' });
  }, [id, current]);

  const loading = q !== '' && isFetching && (!data || isPlaceholderData);
  const status = !q
    ? t('search.hint')
    : isError
      ? t('search.error')
      : loading && results.length === 0
        ? t('search.loading')
        : results.length === 0
          ? t('search.empty', { query: q })
          : t('search.count', { count: results.length });

  let index = -1;
  return (
    <DialogPrimitive.Root open={open} onOpenChange={change}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClassName} />
        <DialogPrimitive.Content
          className="fixed top-[10vh] left-1/2 z-50 flex max-h-[80vh] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 animate-zoom-in flex-col overflow-hidden rounded-lg border bg-card shadow-lg"
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          aria-describedby={`${id}-status`}
        >
          <DialogPrimitive.Title className="sr-only">{t('search.title')}</DialogPrimitive.Title>
          <div className="flex items-center gap-2 border-b px-3">
            {loading ? (
              <Loader2 className="size-4 shrink-0 animate-spin opacity-60" aria-hidden="true" />
            ) : (
              <Search className="size-4 shrink-0 opacity-60" aria-hidden="true" />
            )}
            <input
              role="combobox"
              aria-expanded={results.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={results.length > 0 ? optionId(current) : undefined}
              aria-label={t('search.label')}
              placeholder={t('search.placeholder')}
              className="h-12 w-full bg-transparent text-base outline-none placeholder:text-muted-foreground"
              value={input}
              maxLength={SEARCH_QUERY_MAX}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => {
                setInput(e.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
            />
          </div>
          <p id={`${id}-status`} role="status" className="px-4 py-2 text-sm text-muted-foreground">
            {status}
          </p>
          <div
            id={listId}
            role="listbox"
            aria-label={t('search.results')}
            className={cn('overflow-y-auto px-2 pb-2', results.length === 0 && 'hidden')}
          >
            {SEARCH_TYPES.map((type) => {
              const group = results.filter((r) => r.type === type);
              if (group.length === 0) return null;
              const headingId = `${id}-${type}`;
              return (
                <div key={type} role="group" aria-labelledby={headingId} className="py-1">
                  <div
                    id={headingId}
                    role="presentation"
                    className="px-2 py-1 text-xs font-medium tracking-wide text-muted-foreground uppercase"
                  >
                    {t(HEADING[type])}
                  </div>
                  {group.map((result) => {
                    index++;
                    const i = index;
                    return (
                      <div
                        key={`${result.type}-${result.id}`}
                        id={optionId(i)}
                        role="option"
                        aria-selected={i === current}
                        className={cn(
                          'cursor-pointer rounded-md px-2 py-1.5',
                          i === current && 'bg-accent text-accent-foreground',
                        )}
                        onMouseMove={() => setActive(i)}
                        onClick={() => openResult(result)}
                      >
                        <div className="truncate text-sm font-medium">
                          <Highlighted text={result.title} terms={terms} />
                        </div>
                        {result.snippet ? (
                          <div className="truncate text-xs text-muted-foreground">
                            <Highlighted text={result.snippet} terms={terms} />
                          </div>
                        ) : null}
                      </div>
                    );
                  })}
                </div>
              );
            })}
          </div>
          <p className="border-t px-4 py-2 text-xs text-muted-foreground">{t('search.keys')}</p>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
