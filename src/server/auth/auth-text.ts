import { textError } from '../../contracts/common';
import type { AuthCall } from './auth';

/*
 * What the gateway checks on top of the one text rule it applies to every query parameter and
 * JSON string (contracts/text.ts, which keeps tab and line breaks): single-line fields and the
 * URL's path segments (issue 11, decision 013).
 */

/**
 * Fields of better-auth's bodies that hold one line of text a person reads (a name, an address,
 * a workspace's name or slug): no tab or line break either. `organization/update` and the team
 * endpoints nest them under `data`.
 */
const SINGLE_LINE_FIELDS = [
  'name',
  'username',
  'displayUsername',
  'email',
  'newEmail',
  'phoneNumber',
  'slug',
  'role',
];

const refuse = (field: string, message: string) =>
  Response.json(
    { code: 'VALIDATION_ERROR', message, fields: { [field]: message } },
    { status: 400 },
  );

/**
 * Path segments, decoded: `/reset-password/<token>` and the like carry values better-auth looks
 * up. A control character, a lone surrogate or bytes that are not UTF-8 are a 400 naming `path`.
 */
export function checkAuthUrl(url: URL): Response | null {
  for (const segment of url.pathname.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return refuse('path', 'path is not valid UTF-8');
    }
    const message = textError(decoded, 'path', false);
    if (message) return refuse('path', message);
  }
  return null;
}

/**
 * A tab or line break in a name, e-mail address, username, phone number or workspace name or
 * slug (top level or under `data`): a 400 in better-auth's error shape naming the field; null
 * when the body may go on.
 */
export function checkAuthText(call: AuthCall): Response | null {
  const body = call.body;
  if (!body) return null;
  const data =
    body.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : {};
  for (const [prefix, fields] of [
    ['', body],
    ['data.', data],
  ] as const) {
    for (const name of SINGLE_LINE_FIELDS) {
      const value = fields[name];
      if (typeof value !== 'string') continue;
      const message = textError(value, `${prefix}${name}`, false);
      if (message) return refuse(`${prefix}${name}`, message);
    }
  }
  return null;
}
