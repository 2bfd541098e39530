import type { B } from './b';
export type A = B | 1;
