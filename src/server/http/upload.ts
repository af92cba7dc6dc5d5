import type { Context } from 'hono';
import { textProblemMessage } from '../../contracts/i18n/issues';
import { textProblem } from '../../contracts/text';
import type { AppEnv } from './context';
import { AppError, msg, validationError, type Text } from './errors';

/** What an upload carried: the bytes and file name, or what is wrong with the request. */
export interface Upload {
  bytes: Uint8Array | null;
  name?: string;
  /**
   * Set when the request cannot hold the file (415, or 400 naming the fields); the service
   * throws it after the ids of the URL are found, so another workspace's still answer 404.
   */
  refusal?: AppError;
}

const MULTIPART_TYPE = /^multipart\/form-data\s*(;|$)/i;

const UPLOAD_KEYS = {
  unknownField: 'errors.upload.unknownField',
  several: 'errors.upload.several',
  notAFile: 'errors.upload.notAFile',
  fileName: 'errors.upload.fileName',
};

/**
 * A file sent as the raw body (of `type`) or as the one `field` of a multipart form (issue 14:
 * templates and signed copies). A form that cannot be parsed, another field, the file twice or
 * as text are problems of the request (400 naming them), another content type a 415.
 */
export async function readUpload(
  c: Context<AppEnv>,
  options: {
    field: string;
    type: RegExp;
    mediaType: string;
    malformedForm: string;
    /** Catalog keys of the form's problems, where a route keeps its own words. */
    keys?: Partial<typeof UPLOAD_KEYS>;
  },
): Promise<Upload> {
  const { field } = options;
  const keys = { ...UPLOAD_KEYS, ...options.keys };
  const type = c.req.header('content-type') ?? '';
  if (options.type.test(type)) return { bytes: new Uint8Array(await c.req.arrayBuffer()) };
  if (!MULTIPART_TYPE.test(type))
    return {
      bytes: null,
      refusal: new AppError('UNSUPPORTED_MEDIA_TYPE', msg(options.mediaType)),
    };
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    return { bytes: null, refusal: validationError({ [field]: msg(options.malformedForm) }) };
  }
  const problems: Record<string, Text> = {};
  for (const key of Object.keys(form)) {
    if (key !== field) problems[key] = msg(keys.unknownField, { name: key, field });
  }
  const file = form[field];
  if (Array.isArray(file)) problems[field] = msg(keys.several, { field });
  else if (file !== undefined && !(file instanceof File))
    problems[field] = msg(keys.notAFile, { field });
  else if (file instanceof File) {
    const problem = textProblem(file.name, { multiline: false });
    if (problem)
      problems[field] = {
        ...msg(keys.fileName, { problem: textProblemMessage(problem) }),
        english: `The file name ${problem}`,
      };
  }
  if (Object.keys(problems).length > 0) return { bytes: null, refusal: validationError(problems) };
  if (!(file instanceof File)) return { bytes: null };
  return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name };
}
