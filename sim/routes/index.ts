import type { Route } from '../http';
import { accountRoutes } from './accounts';
import { marketRoutes } from './markets';
import { priceRoutes } from './prices';
import { sentimentRoutes } from './sentiment';
import { sessionRoutes } from './session';
import { watchlistRoutes } from './watchlists';

export const allRoutes: Route[] = [
  ...sessionRoutes,
  ...accountRoutes,
  ...marketRoutes,
  ...priceRoutes,
  ...sentimentRoutes,
  ...watchlistRoutes,
];
