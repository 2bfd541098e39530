import { C } from './c';
export const D = () => <b>{C}</b>;
