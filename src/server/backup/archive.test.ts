import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BackupArchiveError, packBackup, unpackBackup } from './archive';
import { createTar, readTar } from './tar';

const files = { 'pgdata.tar': Buffer.alloc(4096, 3), 'auth-secret': Buffer.from('s'.repeat(43)) };
const packed = () =>
  packBackup(files, { createdAt: new Date('2026-11-24T09:30:15Z'), source: 'stopped' });

/** The archive with its entries changed by `edit`. */
function repack(edit: (entries: { name: string; data: Uint8Array }[]) => void) {
  const entries = readTar(gunzipSync(packed())).map((e) => ({
    name: e.name,
    data: Buffer.from(e.data),
  }));
  edit(entries);
  return gzipSync(createTar(entries));
}

describe('the backup archive', () => {
  it('holds a manifest with each file’s checksum, and gives the files back', () => {
    const { manifest, files: read } = unpackBackup(packed());
    expect(manifest).toMatchObject({
      format: 'esop-crm-backup',
      version: 1,
      createdAt: '2026-11-24T09:30:15.000Z',
      source: 'stopped',
      files: { 'pgdata.tar': { bytes: 4096 }, 'auth-secret': { bytes: 43 } },
    });
    expect(read['pgdata.tar']!.equals(files['pgdata.tar'])).toBe(true);
    expect(read['auth-secret']!.toString()).toBe('s'.repeat(43));
  });

  it.each([
    ['not gzip', () => Buffer.from('hello'), 'not a readable ESOP CRM backup'],
    ['cut short', () => packed().subarray(0, 100), 'not a readable ESOP CRM backup'],
    [
      'a changed file',
      () => repack((e) => (e.find((x) => x.name === 'pgdata.tar')!.data = Buffer.alloc(4096, 4))),
      'pgdata.tar does not match its checksum',
    ],
    [
      'a missing file',
      () =>
        repack((e) =>
          e.splice(
            e.findIndex((x) => x.name === 'auth-secret'),
            1,
          ),
        ),
      'auth-secret is missing',
    ],
    [
      'another format version',
      () =>
        repack((e) => {
          const m = e.find((x) => x.name === 'manifest.json')!;
          m.data = Buffer.from(
            JSON.stringify({ ...JSON.parse(Buffer.from(m.data).toString()), version: 2 }),
          );
        }),
      'format version 2',
    ],
    [
      'no manifest',
      () => gzipSync(createTar([{ name: 'x', data: Buffer.from('') }])),
      'no manifest.json',
    ],
  ])('refuses %s', (_, make, message) => {
    expect(() => unpackBackup(make())).toThrow(BackupArchiveError);
    expect(() => unpackBackup(make())).toThrow(message);
  });
});
