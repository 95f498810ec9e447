// A group of tests that cannot run here (a binary, ../shared or a tool absent): said once, with
// what to install, and counted as skipped by the runner (uvu's test.skip), never as passed.
// Called at a test file's top level, as the file's tests are declared.
import { test } from 'uvu';

export function skipping(what: string): void {
  console.log(`notice: skipping ${what}`);
  test.skip('');
}
