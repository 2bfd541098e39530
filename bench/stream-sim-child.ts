// The simulator alone in its own process for bench/stream.bench.ts, so that its CPU time is its own:
// prints its credentials as one JSON line, then answers each "cpu" line on stdin with process.cpuUsage().
import { createInterface } from 'node:readline';
import { startSim } from '../sim/server';

const sim = await startSim({ seed: 1, rateLimits: false, startTime: Number(process.argv[2]) });
process.stdout.write(
  `${JSON.stringify({ baseUrl: sim.baseUrl, apiKey: sim.apiKey, identifier: sim.identifier, password: sim.password })}\n`,
);
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'cpu') process.stdout.write(`${JSON.stringify(process.cpuUsage())}\n`);
});
process.stdin.on('end', () => {
  sim.close().then(() => process.exit(0));
});
