// The broken bodies of the malformed-reply faults (malformed-client.test.ts, malformed-cache.test.ts): what a
// broken proxy, a cut connection or a changed service could answer a read with.

/** Bodies a broken proxy, a cut connection or a changed service could send with a 200. */
export const BODIES: { name: string; body?: string }[] = [
  { name: 'truncated' },
  { name: 'cut after a brace', body: '{"' },
  { name: 'html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' },
  { name: 'empty', body: '' },
  { name: 'null', body: 'null' },
  { name: 'number', body: '42' },
  { name: 'string', body: '"OK"' },
  { name: 'array', body: '[{"unexpected":true}]' },
  {
    name: 'wrong types',
    body: JSON.stringify({
      markets: 7,
      marketDetails: 'none',
      positions: 'none',
      position: 3,
      workingOrders: {},
      watchlists: 'x',
      categories: 1,
      instruments: true,
      prices: 'x',
      instrument: 5,
      snapshot: [],
      dealingRules: 'x',
      clientSentiments: 9,
      marketId: 12,
      longPositionPercentage: 'many',
      dealReference: 8,
      dealStatus: 3,
      costsHistory: 'x',
      accounts: 'x',
      accountId: 1,
      encryptionKey: 4,
      timeStamp: 'yesterday',
      allowanceAccountOverall: 'lots',
      apiKey: 42,
      metadata: 'x',
    }),
  },
];
