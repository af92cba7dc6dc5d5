import type { ZodType } from 'zod';
import { errorResponseSchema } from '../../contracts/errors';

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request: `error.fields` names each bad field',
  401: 'Not signed in',
  403: 'Not allowed',
  404: 'Not found (also for another workspace’s data)',
  409: 'Conflicts with the current state',
  413: 'Body larger than 1 MB',
};

export function jsonContent<T extends ZodType>(schema: T, description: string) {
  return { content: { 'application/json': { schema } }, description };
}

export function jsonBody<T extends ZodType>(schema: T) {
  return { content: { 'application/json': { schema } }, required: true };
}

/** The error responses of a route, all with the `{ error: { code, message, fields? } }` body. */
export function errorResponses<S extends keyof typeof ERROR_DESCRIPTIONS & number>(
  ...statuses: S[]
) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      jsonContent(errorResponseSchema, ERROR_DESCRIPTIONS[status]!),
    ]),
  ) as Record<S, ReturnType<typeof jsonContent<typeof errorResponseSchema>>>;
}
