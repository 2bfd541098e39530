import type { Route } from '../http';
import { accountRoutes } from './accounts';
import { applicationRoutes } from './applications';
import { confirmRoutes } from './confirms';
import { costRoutes } from './costs';
import { historyRoutes } from './history';
import { marketRoutes } from './markets';
import { orderRoutes } from './orders';
import { positionRoutes } from './positions';
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
  ...positionRoutes,
  ...orderRoutes,
  ...confirmRoutes,
  ...costRoutes,
  ...applicationRoutes,
  ...historyRoutes,
];
