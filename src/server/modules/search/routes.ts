import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { searchQuerySchema, searchResponseSchema } from '../../../contracts/search';
import type { AppEnv } from '../../http/context';
import { jsonContent } from '../../http/openapi';
import { guarded } from '../../http/permissions';
import { search } from './service';

/**
 * Search (issue 15, decision 032). A read of the workspace: `company:read` lets the caller in;
 * each other type is searched only when the caller may read it (a grant also shows its holder and
 * plan), so a custom role that reads companies alone finds companies alone.
 */
const searchRoute = guarded(
  createRoute({
    method: 'get',
    path: '/search',
    tags: ['Search'],
    operationId: 'search',
    summary:
      'Search companies, contacts, stakeholders, grants, notes and tasks of the workspace (each word a prefix, accents ignored)',
    description:
      'Grouped by type (company, contact, stakeholder, grant, note, task), best match first within a type; `limit` results in all (default 20, at most 50), shared among the types. Only the types the caller may read; companies hidden by client access are left out with everything of theirs. Titles and snippets are plain text.',
    request: { query: searchQuerySchema },
    responses: { 200: jsonContent(searchResponseSchema, 'Results, grouped by type') },
  }),
  { resource: 'company', action: 'read' },
);

export function registerSearchRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(searchRoute, async (c) => {
    const { q, limit } = c.req.valid('query');
    return c.json(await search({ db: c.var.db, actor: c.var.actor, input: { q, limit } }), 200);
  });
}
