// Dealing controls for the side panel and the market view. Each renders nothing without a dealing permit.
export { DealTicket, type DealTicketProps } from './DealTicket';
export { DEALT_EVENT, refreshDealingState, useDealingState } from './dealingState';
export { NewWorkingOrder, type NewWorkingOrderProps } from './NewWorkingOrder';
export { PermitBadge } from './PermitBadge';
export { PositionActions } from './PositionActions';
export { ReconciliationBanner } from './ReconciliationBanner';
export { WorkingOrderActions } from './WorkingOrderActions';
