export type F = import('./e').G;
