// A Vitest reporter for test:all, which runs Vitest with one retry: it writes the tests that passed only on a
// retry to the file VITEST_FLAKY_OUTPUT names, so the summary names them. A flaky test is a defect to fix,
// not a pass to forget.
import { writeFileSync } from 'node:fs';
import type { Reporter, TestCase } from 'vitest/node';

export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(test: TestCase): void {
    const diagnostic = test.diagnostic();
    if (diagnostic?.flaky)
      this.flaky.push(
        `${test.module.moduleId.replace(`${process.cwd()}/`, '')} › ${test.fullName} ` +
          `(passed on retry ${diagnostic.retryCount})`,
      );
  }

  onTestRunEnd(): void {
    const out = process.env.VITEST_FLAKY_OUTPUT;
    if (out) writeFileSync(out, JSON.stringify(this.flaky));
  }
}
