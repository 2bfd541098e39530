// Builds the extension for one browser into a scratch directory and prints the generated manifest as
// JSON on the last line of stdout. Run in its own process by the manifest tests (WXT's build registers
// a global instance that must not meet the one Vitest's WXT plugin registers).
// Usage: npx tsx tests/manifest/build-manifest.ts <chrome|firefox> <outDir>
import { build } from 'wxt';

const [browser, outDir] = process.argv.slice(2);
if ((browser !== 'chrome' && browser !== 'firefox') || !outDir) {
  console.error('usage: build-manifest.ts <chrome|firefox> <outDir>');
  process.exit(2);
}
const output = await build({ browser, outDir, mode: 'production' });
process.stdout.write(`\n${JSON.stringify(output.manifest)}\n`);
