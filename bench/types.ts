// What a benchmark module exports (as its default): a title and a run that measures and reports.
import type { BrowserName } from '../scripts/browsers';

export interface BenchResult {
  /** What was measured, e.g. "requests, 50 markets, cold". */
  name: string;
  value: number;
  unit: string;
  /** The figure to compare with, measured in the same run (e.g. one request per market). */
  baseline?: number;
  /** The goal, in words, e.g. "<= 1". */
  target?: string;
  /** Whether the value meets the target, when there is one. */
  pass?: boolean;
  note?: string;
}

export interface BenchModule {
  title: string;
  /** The browsers it launches; `npm run bench` installs them first when missing (as root on Debian). */
  browsers?: BrowserName[];
  run(): Promise<BenchResult[]>;
}
