import { SESSIONS } from './hours';
import type { MarketSpec, Sessions } from './types';

/** "ticker:name:price" entries per exchange. UK prices are in pence. */
const UK = `VOD:Vodafone Group PLC:72.5|BARC:Barclays PLC:168.4|LLOY:Lloyds Banking Group PLC:52.3|HSBA:HSBC Holdings PLC:628.1|BP:BP PLC:468.2|SHEL:Shell PLC:2581|AZN:AstraZeneca PLC:10460|GSK:GSK PLC:1632.5|ULVR:Unilever PLC:3901|RIO:Rio Tinto PLC:5230|GLEN:Glencore PLC:412.6|BATS:British American Tobacco PLC:2406|DGE:Diageo PLC:2790.5|REL:RELX PLC:3402|LSEG:London Stock Exchange Group PLC:9012|NG:National Grid PLC:1021.5|TSCO:Tesco PLC:291.2|SBRY:J Sainsbury PLC:262.4|BTA:BT Group PLC:110.35|AV:Aviva PLC:452.7|LGEN:Legal & General Group PLC:241.6|PRU:Prudential PLC:802.4|NWG:NatWest Group PLC:268.9|STAN:Standard Chartered PLC:681.2|RR:Rolls-Royce Holdings PLC:402.15|BAE:BAE Systems PLC:1241.5|IAG:International Consolidated Airlines:162.35|EZJ:easyJet PLC:521.4|AAL:Anglo American PLC:1852|ANTO:Antofagasta PLC:1703.5|CPG:Compass Group PLC:2150|EXPN:Experian PLC:3301|III:3i Group PLC:2604|IMB:Imperial Brands PLC:1782.5|ITV:ITV PLC:52.64|MKS:Marks and Spencer Group PLC:262.3|NXT:Next PLC:8920|OCDO:Ocado Group PLC:452.1|RKT:Reckitt Benckiser Group PLC:4601|SGE:Sage Group PLC:1203.5|SMIN:Smiths Group PLC:1602|SSE:SSE PLC:1701.5|WPP:WPP PLC:752.4|AUTO:Auto Trader Group PLC:702.6`;
const US = `AAPL:Apple Inc:189.84|MSFT:Microsoft Corp:415.32|AMZN:Amazon.com Inc:178.25|GOOGL:Alphabet Inc - A:152.61|META:Meta Platforms Inc:485.58|NVDA:NVIDIA Corp:875.28|TSLA:Tesla Inc:175.34|NFLX:Netflix Inc:610.54|AMD:Advanced Micro Devices Inc:178.65|INTC:Intel Corp:42.81|ADBE:Adobe Inc:512.33|CSCO:Cisco Systems Inc:49.12|PEP:PepsiCo Inc:168.24|COST:Costco Wholesale Corp:725.41|AVGO:Broadcom Inc:1302.5|QCOM:Qualcomm Inc:168.43|TXN:Texas Instruments Inc:171.22|PYPL:PayPal Holdings Inc:63.41|SBUX:Starbucks Corp:91.35|BKNG:Booking Holdings Inc:3502.1|GILD:Gilead Sciences Inc:72.81|MDLZ:Mondelez International Inc:70.12|AMGN:Amgen Inc:281.45|ISRG:Intuitive Surgical Inc:385.2|MU:Micron Technology Inc:112.35|ABNB:Airbnb Inc:160.42|ZM:Zoom Video Communications Inc:62.15|PANW:Palo Alto Networks Inc:290.33|CRWD:CrowdStrike Holdings Inc:320.41|MRNA:Moderna Inc:102.5|JPM:JPMorgan Chase & Co:195.22|BAC:Bank of America Corp:37.41|WFC:Wells Fargo & Co:57.85|GS:Goldman Sachs Group Inc:402.33|MS:Morgan Stanley:88.12|C:Citigroup Inc:62.54|V:Visa Inc - A:281.35|MA:Mastercard Inc - A:472.5|KO:Coca-Cola Co:60.12|PG:Procter & Gamble Co:161.2|JNJ:Johnson & Johnson:157.4|PFE:Pfizer Inc:27.61|MRK:Merck & Co Inc:128.3|UNH:UnitedHealth Group Inc:492.1|HD:Home Depot Inc:372.5|WMT:Walmart Inc:60.22|DIS:Walt Disney Co:112.4|NKE:Nike Inc - B:94.23|MCD:McDonald's Corp:281.15|BA:Boeing Co:182.42|CAT:Caterpillar Inc:361.5|GE:General Electric Co:160.3|IBM:International Business Machines Corp:191.25|ORCL:Oracle Corp:125.61|CRM:Salesforce Inc:301.2|XOM:Exxon Mobil Corp:112.4|CVX:Chevron Corp:155.3|T:AT&T Inc:17.21|VZ:Verizon Communications Inc:40.12|F:Ford Motor Co:12.31|GM:General Motors Co:44.52|UBER:Uber Technologies Inc:75.32|SNAP:Snap Inc - A:11.42|SPOT:Spotify Technology SA:301.5|SHOP:Shopify Inc - A:75.22|BABA:Alibaba Group Holding Ltd ADR:72.41|NIO:NIO Inc ADR:5.42|COIN:Coinbase Global Inc - A:241.3|PLTR:Palantir Technologies Inc - A:23.51|GME:GameStop Corp - A:14.32`;
const NASDAQ = new Set(
  'AAPL MSFT AMZN GOOGL META NVDA TSLA NFLX AMD INTC ADBE CSCO PEP COST AVGO QCOM TXN PYPL SBUX BKNG GILD MDLZ AMGN ISRG MU ABNB ZM PANW CRWD MRNA COIN'.split(
    ' ',
  ),
);
const DE = `SAP:SAP SE:180.42|SIE:Siemens AG:178.3|ALV:Allianz SE:262.1|BAS:BASF SE:48.32|BAYN:Bayer AG:28.41|BMW:Bayerische Motoren Werke AG:104.5|MBG:Mercedes-Benz Group AG:72.33|VOW3:Volkswagen AG Pref:118.2|DTE:Deutsche Telekom AG:22.41|DBK:Deutsche Bank AG:14.52|ADS:adidas AG:201.3|MUV2:Muenchener Rueckversicherungs AG:421.5|IFX:Infineon Technologies AG:33.21|DHL:DHL Group:40.12|RWE:RWE AG:31.55|EOAN:E.ON SE:12.43|HEI:Heidelberg Materials AG:92.14|HEN3:Henkel AG & Co KGaA Pref:71.32|FRE:Fresenius SE & Co KGaA:26.81|CON:Continental AG:62.45`;
const FR = `AIR:Airbus SE:162.34|OR:L'Oreal SA:432.1|MC:LVMH Moet Hennessy Louis Vuitton SE:832.5|SAN:Sanofi SA:88.42|TTE:TotalEnergies SE:63.21|BNP:BNP Paribas SA:64.33|GLE:Societe Generale SA:24.12|ACA:Credit Agricole SA:13.41|AI:Air Liquide SA:186.2|SU:Schneider Electric SE:212.4|CS:AXA SA:33.52|DG:Vinci SA:116.3|EN:Bouygues SA:35.12|RI:Pernod Ricard SA:148.2|KER:Kering SA:352.1|CAP:Capgemini SE:205.3|VIE:Veolia Environnement SA:29.41|ORA:Orange SA:10.52|RNO:Renault SA:45.31|STLAP:Stellantis NV:25.12`;
const BENELUX = `EURN:Euronav NV:8.03|ASML:ASML Holding NV:872.4|INGA:ING Groep NV:13.52|PHIA:Koninklijke Philips NV:19.22|HEIA:Heineken NV:88.41|ABI:Anheuser-Busch InBev SA/NV:56.32|KBC:KBC Group NV:68.21|UCB:UCB SA:118.4|AD:Koninklijke Ahold Delhaize NV:27.51|UNA:Unilever NV:45.12`;

function parse(list: string): [string, string, number][] {
  return list.split('|').map((entry) => {
    const [ticker = '', name = '', price = '0'] = entry.split(':');
    return [ticker, name, Number(price)];
  });
}

function decimalsFor(price: number): number {
  return price >= 1000 ? 1 : price >= 10 ? 2 : 3;
}

function share(
  epic: string,
  ticker: string,
  name: string,
  price: number,
  currency: string,
  sessions: Sessions,
  exchangeId: string,
  country: string,
  pointValue: number,
): MarketSpec {
  return {
    epic,
    marketId: ticker,
    name,
    instrumentType: 'SHARES',
    category: 'SHARES',
    expiry: '-',
    currency,
    p0: price,
    vol: 0.018,
    spread: Math.max(10 ** -decimalsFor(price), round(price * 0.0012, decimalsFor(price))),
    decimals: decimalsFor(price),
    scalingFactor: 1,
    lotSize: 1,
    pointValue,
    unit: 'SHARES',
    minDealSize: 1,
    minStopDistance: Math.max(1, Math.round(price * 0.01)),
    marginFactor: 20,
    sessions,
    streaming: ticker !== 'EURN',
    exchangeId,
    newsCode: `${ticker}.${country}`,
    chartCode: null,
    country,
    baseVolume: 5000,
  };
}

function round(x: number, d: number): number {
  const f = 10 ** d;
  return Math.round(x * f) / f;
}

export function shareMarkets(): MarketSpec[] {
  const out: MarketSpec[] = [];
  for (const [t, n, p] of parse(UK))
    out.push(share(`KA.D.${t}.CASH.IP`, t, n, p, 'GBP', SESSIONS.europeShares, 'LSE', 'GB', 0.01));
  for (const [t, n, p] of parse(US)) {
    const prefix = NASDAQ.has(t) ? 'UA' : 'UC';
    out.push(
      share(`${prefix}.D.${t}.CASH.IP`, t, n, p, 'USD', SESSIONS.usShares, NASDAQ.has(t) ? 'NASDAQ' : 'NYSE', 'US', 1),
    );
  }
  for (const [t, n, p] of parse(DE))
    out.push(share(`ED.D.${t}GY.CASH.IP`, t, n, p, 'EUR', SESSIONS.europeShares, 'XETRA', 'DE', 1));
  for (const [t, n, p] of parse(FR))
    out.push(share(`FP.D.${t}.CASH.IP`, t, n, p, 'EUR', SESSIONS.europeShares, 'EURONEXT_PARIS', 'FR', 1));
  for (const [t, n, p] of parse(BENELUX))
    out.push(share(`EA.D.${t}.CASH.IP`, t, n, p, 'EUR', SESSIONS.europeShares, 'EURONEXT_BRUSSELS', 'BE', 1));
  return out;
}
