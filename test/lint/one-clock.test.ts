import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Issue 23: nothing but the clock modules reads the time itself, so that no test and no service
 * compares a pinned "today" with the real clock. The project's own ESLint configuration is run on
 * snippets placed where a test, a journey, a service and the SPA live.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

async function clockFindings(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('the one-clock lint rule', () => {
  it.each([
    ['test/api/made-up.test.ts', 'export const at = Date.now();\n'],
    ['e2e/made-up.spec.ts', 'export const at = new Date();\n'],
    ['src/server/modules/made-up/service.ts', 'export const read = Date.now;\n'],
    ['src/web/features/made-up/view.tsx', 'export const label = Date();\n'],
  ])(
    'refuses a reading of the clock in %s',
    async (file, code) => {
      const found = await clockFindings(code, file);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/clock module/);
    },
    60_000,
  );

  it('lets the clock modules read it, and anyone make a date from a value', async () => {
    expect(await clockFindings('export const at = Date.now();\n', 'src/server/clock.ts')).toEqual(
      [],
    );
    expect(await clockFindings('export const at = new Date();\n', 'src/web/lib/clock.ts')).toEqual(
      [],
    );
    const made = 'export const at = new Date(0);\nexport const t = Date.parse("2026-01-01");\n';
    expect(await clockFindings(made, 'test/api/made-up.test.ts')).toEqual([]);
  }, 60_000);
});
