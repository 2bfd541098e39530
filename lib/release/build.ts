// The version this build was made as (package.json's), in the service worker and in each page alike: a page
// compares its own with the worker's to find a worker left running from an earlier build
// (lib/release/stale-worker.ts). Only the version: the build stays reproducible, file by file.
import { version } from '../../package.json';

export const BUILD_VERSION: string = version;
