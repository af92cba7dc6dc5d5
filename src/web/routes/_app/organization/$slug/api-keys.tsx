import { createFileRoute } from '@tanstack/react-router';
import { WorkspaceApiKeysPage } from '../../../../features/organization/api-keys-page';

export const Route = createFileRoute('/_app/organization/$slug/api-keys')({
  component: WorkspaceApiKeysPage,
});
