// The typed IG client as the background holds it.
export type { Client as ApiClient } from '../../api';
