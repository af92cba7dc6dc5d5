import { createFileRoute } from '@tanstack/react-router';
import { WorkspaceApiKeysPage } from '../../../features/organization/api-keys-page';

export const Route = createFileRoute('/_app/organization/api-keys')({
  component: WorkspaceApiKeysPage,
});
