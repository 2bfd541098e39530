export type F = import('./e').G;
export type G = 1;
