import { createFileRoute } from '@tanstack/react-router';
import { vestingTemplatesQueryOptions } from '../../features/vesting/api';
import { TemplatesPage } from '../../features/vesting/templates-page';

/**
 * The workspace's vesting templates (issue 5). Loader and component are split into a lazy chunk
 * by the router plugin, so the contracts' zod schemas behind them stay out of the entry bundle.
 */
export const Route = createFileRoute('/_app/vesting-templates')({
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(vestingTemplatesQueryOptions());
  },
  component: TemplatesPage,
});
