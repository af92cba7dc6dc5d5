// What `npm test` reports at its end (issue 23): the time of each stage, and the journeys that
// passed only on their retry. Kept in .tmp/test-report/ so that .ci/run can print them too.
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPORT_DIR = path.join(root, '.tmp/test-report');
const STAGES = path.join(REPORT_DIR, 'stages.jsonl');
const FLAKY = path.join(REPORT_DIR, 'flaky.txt');

/** Starts a new report (`npm test` and .ci/run do, at their start). */
export function resetReport() {
  rmSync(REPORT_DIR, { recursive: true, force: true });
  mkdirSync(REPORT_DIR, { recursive: true });
}

/** The tests of a Playwright JSON report that failed first and passed on a retry, by name. */
export function flakyJourneys(report) {
  const names = [];
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'flaky')
          names.push(`[${test.projectName}] ${spec.file ?? file}:${spec.line} › ${spec.title}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, suite.file ?? file);
  };
  for (const suite of report.suites ?? []) visit(suite, suite.file);
  return names;
}

export function recordFlaky(names) {
  if (names.length === 0) return;
  mkdirSync(REPORT_DIR, { recursive: true });
  appendFileSync(FLAKY, names.map((name) => `${name}\n`).join(''));
}

export function recordStage(name, seconds, ok) {
  mkdirSync(REPORT_DIR, { recursive: true });
  appendFileSync(STAGES, `${JSON.stringify({ name, seconds, ok })}\n`);
}

const lines = (file) =>
  existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];

export const formatSeconds = (seconds) =>
  `${Math.floor(seconds / 60)}m ${String(Math.round(seconds % 60)).padStart(2, '0')}s`;

/** The report as text: each stage's time and the total, then the journeys that were flaky. */
export function summary() {
  const stages = lines(STAGES).map((line) => JSON.parse(line));
  const width = Math.max(10, ...stages.map((s) => s.name.length));
  const out = ['Stage times:'];
  for (const { name, seconds, ok } of stages)
    out.push(
      `  ${name.padEnd(width)}  ${formatSeconds(seconds).padStart(8)}${ok ? '' : '  FAILED'}`,
    );
  const total = stages.reduce((sum, s) => sum + s.seconds, 0);
  out.push(`  ${'total'.padEnd(width)}  ${formatSeconds(total).padStart(8)}`);
  const flaky = lines(FLAKY);
  out.push(
    flaky.length === 0
      ? 'Journeys that passed only on their retry: none'
      : `Journeys that passed only on their retry (${flaky.length}), each a defect to fix:\n${flaky.map((f) => `  ${f}`).join('\n')}`,
  );
  return out.join('\n');
}
