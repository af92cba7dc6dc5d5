import { systemNow } from '../clock';
/**
 * A minimal POSIX ustar writer and reader for regular files: enough for the backup archive
 * (a handful of named files), readable with `tar` by an administrator.
 */

export interface TarEntry {
  name: string;
  data: Uint8Array;
  /** Unix permission bits; default 0o600 (backups hold secrets). */
  mode?: number;
}

const BLOCK = 512;

export class TarError extends Error {}

function writeString(header: Buffer, offset: number, length: number, value: string) {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new TarError(`"${value}" is too long for a tar header`);
  bytes.copy(header, offset);
}

function writeOctal(header: Buffer, offset: number, length: number, value: number) {
  // length - 1 digits, then NUL.
  writeString(header, offset, length, value.toString(8).padStart(length - 1, '0') + '\0');
}

function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum;
}

/** The archive of `entries`, as regular files dated `mtime`. */
export function createTar(entries: TarEntry[], mtime = systemNow()): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const header = Buffer.alloc(BLOCK);
    writeString(header, 0, 100, entry.name);
    writeOctal(header, 100, 8, entry.mode ?? 0o600);
    writeOctal(header, 108, 8, 0);
    writeOctal(header, 116, 8, 0);
    writeOctal(header, 124, 12, entry.data.length);
    writeOctal(header, 136, 12, Math.floor(mtime.getTime() / 1000));
    header[156] = 0x30; // '0': regular file
    writeString(header, 257, 6, 'ustar\0');
    writeString(header, 263, 2, '00');
    writeString(header, 148, 8, checksum(header).toString(8).padStart(6, '0') + '\0 ');
    parts.push(header, Buffer.from(entry.data));
    const pad = (BLOCK - (entry.data.length % BLOCK)) % BLOCK;
    if (pad) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

function readString(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readString(block, offset, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarError('corrupt tar header');
  return parseInt(text, 8);
}

/** The regular files of a tar archive; throws TarError when it is corrupt or cut short. */
export function readTar(archive: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  for (;;) {
    if (offset + BLOCK > archive.length) throw new TarError('the archive is cut short');
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) return entries;
    if (readOctal(header, 148, 8) !== checksum(header)) {
      throw new TarError('corrupt tar header (checksum)');
    }
    const size = readOctal(header, 124, 12);
    const prefix = readString(header, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + readString(header, 0, 100);
    const type = String.fromCharCode(header[156]!);
    const start = offset + BLOCK;
    if (start + size > archive.length) throw new TarError('the archive is cut short');
    if (type === '0' || type === '\0') {
      entries.push({
        name,
        data: archive.subarray(start, start + size),
        mode: readOctal(header, 100, 8),
      });
    }
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
}
