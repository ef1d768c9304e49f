import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Starts the longest journeys first, by the seconds of each file in `e2e/durations.json` (from a
 * run's JSON report: `--reporter=json`, each file's end minus start). With two files at a time,
 * vitest's own order on a clean checkout (largest file first: it has no earlier run to go by)
 * could leave a long journey for last, one worker running it while the other stood idle. A file
 * the table does not know yet goes first: the table may well have left out a long one.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const table = path.join(import.meta.dirname, '..', 'durations.json');
    const seconds = JSON.parse(fs.readFileSync(table, 'utf8')) as Record<string, number>;
    const duration = (file: TestSpecification) => seconds[path.basename(file.moduleId)] ?? Number.POSITIVE_INFINITY;
    return [...files].sort((a, b) => duration(b) - duration(a));
  }
}
