export type G = 1;
export const E = () => import('./f');
