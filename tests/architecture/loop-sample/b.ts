import type { A } from '@/tests/architecture/loop-sample/a';
export type B = { a?: A };
