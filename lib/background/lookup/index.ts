export { openLookup, openMarketInPanel, openPage, openSidePanel } from './open';
export {
  createLookupMenu,
  type LookupDeps,
  MENU_ID,
  onCommand,
  onLookupMenuClicked,
  registerLookup,
  SIDE_PANEL_COMMAND,
} from './register';
