import { createFileRoute } from '@tanstack/react-router';
import {
  documentSettingsQueryOptions,
  documentTemplatesQueryOptions,
} from '../../features/documents/api';
import { DocumentTemplatesPage } from '../../features/documents/templates-page';

/**
 * The workspace's document templates and document language (issue 14). Loader and component
 * are split into a lazy chunk by the router plugin, so the contracts' zod schemas behind them
 * stay out of the entry bundle.
 */
export const Route = createFileRoute('/_app/document-templates')({
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(documentTemplatesQueryOptions());
    void queryClient.prefetchQuery(documentSettingsQueryOptions());
  },
  component: DocumentTemplatesPage,
});
