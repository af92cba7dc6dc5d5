import { useEffect } from 'react';
import { env } from '../env';

/** Sets `document.title` to "Page · ESOP CRM" (or just the app title when `page` is empty). */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `${page} · ${env.appTitle}` : env.appTitle;
  }, [page]);
}
