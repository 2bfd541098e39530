// Which journeys' browsers used the most CPU (e2e/process-cpu.ts notes it on each test): CI's two cores are
// saturated through the journeys, so this, not their wall time, says where CI's minutes go.
import { existsSync, readFileSync } from 'node:fs';

type Annotation = { type: string; description?: string };
type Suite = {
  file?: string;
  specs?: {
    title: string;
    file?: string;
    line?: number;
    tests: { annotations?: Annotation[]; results: { annotations?: Annotation[] }[] }[];
  }[];
  suites?: Suite[];
};

export interface JourneyCpu {
  name: string;
  seconds: number;
}

/** Every journey's browser CPU in a Playwright JSON report, each retry counted. */
export function journeyCpu(report: { suites?: Suite[] }, lane: string): JourneyCpu[] {
  const out: JourneyCpu[] = [];
  const walk = (suites: Suite[] = []) => {
    for (const suite of suites) {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests)
          for (const result of test.results) {
            const note = [...(result.annotations ?? []), ...(test.annotations ?? [])].find(
              (a) => a.type === 'browser-cpu',
            );
            const seconds = Number(note?.description);
            if (note && Number.isFinite(seconds))
              out.push({ name: `${lane} ${spec.file ?? suite.file}:${spec.line} ${spec.title}`, seconds });
          }
      walk(suite.suites);
    }
  };
  walk(report.suites);
  return out;
}

/** A few lines for CI's log: the lanes' browser CPU and the journeys that used the most. */
export function journeyCpuSummary(reports: { path: string; lane: string }[], top = 12): string {
  const lanes = reports
    .filter(({ path }) => existsSync(path))
    .map(({ path, lane }) => ({ lane, runs: journeyCpu(JSON.parse(readFileSync(path, 'utf8')), lane) }));
  const all = lanes.flatMap(({ runs }) => runs);
  if (all.length === 0) return '';
  const totals = lanes
    .map(({ lane, runs }) => `${lane} ${runs.reduce((s, j) => s + j.seconds, 0).toFixed(0)} s over ${runs.length} runs`)
    .join(', ');
  const lines = [...all]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, top)
    .map((j) => `${j.seconds.toFixed(1).padStart(7)} s  ${j.name.slice(0, 110)}`);
  return `Browser CPU of the journeys (${totals}); the most:\n${lines.join('\n')}`;
}
