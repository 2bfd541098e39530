export const E = () => import('./f');
