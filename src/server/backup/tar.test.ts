import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTar, readTar, TarError } from './tar';

describe('tar', () => {
  it('reads back what it wrote, whatever the sizes', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            name: fc.stringMatching(/^[a-z][a-z0-9._-]{0,40}$/),
            data: fc.uint8Array({ maxLength: 2000 }),
          }),
          { maxLength: 5 },
        ),
        (entries) => {
          const read = readTar(createTar(entries));
          expect(read.map((e) => e.name)).toEqual(entries.map((e) => e.name));
          read.forEach((e, i) =>
            expect(Buffer.from(e.data).equals(Buffer.from(entries[i]!.data))).toBe(true),
          );
        },
      ),
      { numRuns: 50 },
    );
  });

  it('writes archives the system tar lists and extracts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'esop-tar-'));
    try {
      const file = path.join(dir, 'a.tar');
      writeFileSync(
        file,
        createTar([
          { name: 'manifest.json', data: Buffer.from('{"a":1}') },
          { name: 'pgdata.tar', data: Buffer.alloc(1500, 7) },
        ]),
      );
      const listed = spawnSync('tar', ['-tvf', file], { encoding: 'utf8' });
      expect(listed.status, listed.stderr).toBe(0);
      expect(listed.stdout).toMatch(/-rw------- .* 7 .*manifest\.json/);
      expect(listed.stdout).toMatch(/1500 .*pgdata\.tar/);
      const extracted = spawnSync('tar', ['-xOf', file, 'manifest.json'], { encoding: 'utf8' });
      expect(extracted.stdout).toBe('{"a":1}');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an archive that is cut short or whose header is damaged', () => {
    const tar = createTar([{ name: 'a', data: Buffer.alloc(3000, 1) }]);
    expect(() => readTar(tar.subarray(0, 2000))).toThrow(TarError);
    expect(() => readTar(tar.subarray(0, 512 + 3072))).toThrow('cut short');
    const damaged = Buffer.from(tar);
    damaged[10] = 0x41;
    expect(() => readTar(damaged)).toThrow('checksum');
  });
});
