export { D } from './d';
export const C = 1;
