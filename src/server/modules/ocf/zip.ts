import { createHash } from 'node:crypto';
import { strToU8, unzipSync, zipSync, type Unzipped } from 'fflate';
import { AppError, msg, validationError, type Message, type Text } from '../../http/errors';

/**
 * The `*.ocf.zip` container (docs/decisions/024): writing one, and reading one without trusting
 * it. Before anything is inflated the central directory's declared sizes are checked (each file
 * at most 25 MB, all together at most 100 MB, at most 200 files); inflating never writes past
 * the declared size, so a file that lies about its size fails instead of growing.
 */

export const MAX_PACKAGE_BYTES = 25 * 1024 * 1024;
export const MAX_FILE_BYTES = 25 * 1024 * 1024;
export const MAX_TOTAL_BYTES = 100 * 1024 * 1024;
export const MAX_FILES = 200;

/** A zip of JSON files, each written as pretty JSON (deflated). */
export function writeZip(files: Record<string, unknown>): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const [name, value] of Object.entries(files))
    entries[name] = strToU8(`${JSON.stringify(value, null, 2)}\n`);
  return zipSync(entries, { level: 6, mtime: new Date('2000-01-01T00:00:00Z') });
}

/** The MD5 of a file's bytes as the manifest lists them. */
export function md5(bytes: Uint8Array): string {
  return createHash('md5').update(bytes).digest('hex');
}

/** The JSON text of a value as `writeZip` stores it (the manifest's md5 is over these bytes). */
export function jsonBytes(value: unknown): Uint8Array {
  return strToU8(`${JSON.stringify(value, null, 2)}\n`);
}

/** The 400 for a package that cannot be read: `{file}: {problem}`, in the caller's language. */
export const refuse = (file: Text, problem: Message) =>
  validationError({ file: msg('errors.ocf.badPackage', { file, problem }) });

/** The package as a whole, where a problem is not one file's. */
export const PACKAGE = msg('errors.ocf.package');

const MEGABYTE = 1024 * 1024;

/** The files of an uploaded package, by their name without folders; 400 naming what is wrong. */
export function readZip(bytes: Uint8Array): Map<string, Uint8Array> {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b)
    throw refuse(PACKAGE, msg('errors.ocf.notZip'));
  let total = 0;
  let count = 0;
  let unzipped: Unzipped;
  try {
    unzipped = unzipSync(bytes, {
      filter: (file) => {
        count += 1;
        if (count > MAX_FILES)
          throw refuse(PACKAGE, msg('errors.ocf.tooManyFiles', { max: MAX_FILES }));
        if (file.name.endsWith('/')) return false;
        if (file.originalSize > MAX_FILE_BYTES) {
          throw refuse(
            file.name,
            msg('errors.ocf.fileTooLarge', { megabytes: MAX_FILE_BYTES / MEGABYTE }),
          );
        }
        total += file.originalSize;
        if (total > MAX_TOTAL_BYTES)
          throw refuse(
            file.name,
            msg('errors.ocf.filesTooLarge', { megabytes: MAX_TOTAL_BYTES / MEGABYTE }),
          );
        return file.name.toLowerCase().endsWith('.json');
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(PACKAGE, msg('errors.ocf.unreadableZip'));
  }
  const files = new Map<string, Uint8Array>();
  for (const [name, data] of Object.entries(unzipped)) {
    const base = name.split('/').at(-1)!;
    if (files.has(base)) throw refuse(base, msg('errors.ocf.duplicateName'));
    files.set(base, data);
  }
  return files;
}

/** A file's JSON; 400 naming the file when it is not JSON. */
export function parseJsonFile(name: string, data: Uint8Array): unknown {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw refuse(name, msg('errors.ocf.notUtf8'));
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch {
    throw refuse(name, msg('errors.ocf.notJson'));
  }
}
