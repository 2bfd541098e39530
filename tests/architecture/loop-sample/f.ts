export type F = import('./e').E;
