import './a';
export const H = 1;
