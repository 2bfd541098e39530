// The stores' listing text per language, from the message catalogues (locales/*.yml): the extension's name,
// its summary (the manifest's description, which the Chrome Web Store shows as the summary and allows 132
// characters) and the longer description both stores ask for. `npm run release` writes one file a language.

/** The catalogue keys a listing is made of, in the order they are written. */
export const LISTING_KEYS = ['extName', 'extDescription', 'storeListing.body'] as const;

/** The Chrome Web Store's limit for the summary. */
export const SUMMARY_LIMIT = 132;

export interface Listing {
  name: string;
  summary: string;
  description: string;
}

/** A language's listing from its catalogue's messages (key → text); throws on a missing or over-long part. */
export function listingOf(language: string, messages: ReadonlyMap<string, string>): Listing {
  const [name, summary, description] = LISTING_KEYS.map((key) => {
    const text = messages.get(key)?.trim();
    if (!text) throw new Error(`The ${language} catalogue has no ${key} for the store listing`);
    return text;
  }) as [string, string, string];
  if ([...summary].length > SUMMARY_LIMIT)
    throw new Error(`The ${language} summary has ${[...summary].length} characters; the store allows ${SUMMARY_LIMIT}`);
  return { name, summary, description };
}

/** The listing as the text a publisher pastes into the store's form. */
export function listingText(listing: Listing): string {
  return `${listing.name}\n\n${listing.summary}\n\n${listing.description}\n`;
}
