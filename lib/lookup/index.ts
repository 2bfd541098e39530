export { type LookupTarget, lookupTargetOf, MAX_TERM, MIN_TERM, popupPath, searchTermOf } from './query';
export {
  type Disposition,
  defaultSuggestion,
  escapeXml,
  highlight,
  openIn,
  type Suggestion,
  suggestionFor,
} from './suggest';
export { createSuggester, type Suggester, type SuggesterOptions } from './suggester';
