import Papa from 'papaparse';
import { afterEach, describe, expect, it } from 'vitest';
import { BOM, exportFilename, machineFormatNote, parseEpicList, watchlistCsv } from '../../lib/csv';
import { setFormatLocale } from '../../lib/format';
import { useLocale } from '../setup/i18n-messages';

const markets = [
  {
    epic: 'CS.D.EURUSD.MINI.IP',
    instrumentName: 'EUR/USD',
    bid: 1.08451,
    offer: 1.08461,
    netChange: -0.0012,
    percentageChange: -0.11,
  },
  {
    epic: 'IX.D.FTSE.DAILY.IP',
    instrumentName: 'FTSE 100, "Daily"\nCash',
    bid: 7420.5,
    offer: 7421.5,
    netChange: 12.3,
    percentageChange: 0.17,
  },
  {
    epic: 'UA.D.AAPL.CASH.IP',
    instrumentName: '=HYPERLINK("http://x")',
    bid: null,
    offer: null,
    netChange: null,
    percentageChange: null,
  },
];

describe('export', () => {
  const csv = watchlistCsv(markets);

  it('has a header and one row per market with plain numbers', () => {
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('epic,name,bid,offer,change,change %');
    expect(lines[1]).toBe('CS.D.EURUSD.MINI.IP,EUR/USD,1.08451,1.08461,-0.0012,-0.11');
  });

  it('quotes names with commas, quotes and newlines so they read back exactly', () => {
    const back = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(back[2]?.[1]).toBe('FTSE 100, "Daily"\nCash');
    expect(back).toHaveLength(4);
  });

  it('defuses a name a spreadsheet would run as a formula, and leaves missing prices empty', () => {
    const back = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(back[3]).toEqual(['UA.D.AAPL.CASH.IP', '\'=HYPERLINK("http://x")', '', '', '', '']);
  });

  it('names the file after the watchlist and the date, with safe characters only', () => {
    expect(exportFilename('My FX / Indices!', new Date(2025, 2, 9))).toBe('marketside-my-fx-indices-2025-03-09.csv');
    expect(exportFilename('../../', new Date(2025, 2, 9))).toBe('marketside-watchlist-2025-03-09.csv');
  });
});

describe('round trip', () => {
  const epics = markets.map((m) => m.epic);

  it('export then import gives the same epics in the same order', () => {
    expect(parseEpicList(watchlistCsv(markets))).toEqual({ epics, duplicates: [], invalid: [] });
  });

  it('with a byte order mark (as the download writes it)', () => {
    expect(parseEpicList(BOM + watchlistCsv(markets)).epics).toEqual(epics);
  });

  it('with LF line ends and semicolons, as a spreadsheet in another locale saves it', () => {
    const semi = Papa.unparse(Papa.parse<string[]>(watchlistCsv(markets)).data, { delimiter: ';', newline: '\n' });
    expect(parseEpicList(semi).epics).toEqual(epics);
  });
});

describe('import: header detection', () => {
  it('finds the epic column by its header wherever it is', () => {
    const text = 'Name,Epic,Notes\n"Gold, spot",CS.D.CFDGOLD.CFD.IP,x\nOil,cc.d.lco.uss.ip,\n';
    expect(parseEpicList(text)).toEqual({
      epics: ['CS.D.CFDGOLD.CFD.IP', 'CC.D.LCO.USS.IP'],
      duplicates: [],
      invalid: [],
    });
  });

  it('without a header, finds the column of epics by its contents', () => {
    const text = 'EUR/USD,CS.D.EURUSD.MINI.IP,1.0845\nGBP/USD,CS.D.GBPUSD.MINI.IP,1.2650\n';
    expect(parseEpicList(text).epics).toEqual(['CS.D.EURUSD.MINI.IP', 'CS.D.GBPUSD.MINI.IP']);
  });

  it('skips an unnamed header row above a column of epics', () => {
    const text = 'Market\tCode\nEUR/USD\tCS.D.EURUSD.MINI.IP\nFTSE\tIX.D.FTSE.DAILY.IP\n';
    expect(parseEpicList(text)).toEqual({
      epics: ['CS.D.EURUSD.MINI.IP', 'IX.D.FTSE.DAILY.IP'],
      duplicates: [],
      invalid: [],
    });
  });

  it('reports a cell in the epic column that cannot be an epic', () => {
    const text = 'epic,name\nCS.D.EURUSD.MINI.IP,EUR/USD\nnot an epic!,Thing\n';
    expect(parseEpicList(text)).toEqual({ epics: ['CS.D.EURUSD.MINI.IP'], duplicates: [], invalid: ['not an epic!'] });
  });
});

describe('import: plain lists', () => {
  it('newline, comma, semicolon and space separated, with a leading "epic" header word', () => {
    const text =
      'epic\nCS.D.EURUSD.MINI.IP, IX.D.FTSE.DAILY.IP\r\nUA.D.AAPL.CASH.IP;KA.D.VOD.CASH.IP  CS.D.GBPUSD.MINI.IP\n\n';
    expect(parseEpicList(text).epics).toEqual([
      'CS.D.EURUSD.MINI.IP',
      'IX.D.FTSE.DAILY.IP',
      'UA.D.AAPL.CASH.IP',
      'KA.D.VOD.CASH.IP',
      'CS.D.GBPUSD.MINI.IP',
    ]);
  });

  it('a two-column table of epics and one-word names is still a table', () => {
    expect(parseEpicList('CS.D.EURUSD.MINI.IP,Euro\nIX.D.FTSE.DAILY.IP,Footsie\n')).toEqual({
      epics: ['CS.D.EURUSD.MINI.IP', 'IX.D.FTSE.DAILY.IP'],
      duplicates: [],
      invalid: [],
    });
  });

  it('a list with a typo in it is still a list, and the typo is reported', () => {
    expect(parseEpicList('CS.D.EURUSD.MINI.IP, IX.D.FTSE.DAILY.IP\nUA.D.AAPL.CASH.IP oops KA.D.VOD.CASH.IP')).toEqual({
      epics: ['CS.D.EURUSD.MINI.IP', 'IX.D.FTSE.DAILY.IP', 'UA.D.AAPL.CASH.IP', 'KA.D.VOD.CASH.IP'],
      duplicates: [],
      invalid: ['oops'],
    });
  });

  it('one line of comma-separated epics is a list, not a one-row table', () => {
    expect(parseEpicList('CS.D.EURUSD.MINI.IP,IX.D.FTSE.DAILY.IP').epics).toHaveLength(2);
  });

  it('skips duplicates (case-insensitively), reporting each once, and reports malformed tokens', () => {
    const text =
      'CS.D.EURUSD.MINI.IP\ncs.d.eurusd.mini.ip\nCS.D.EURUSD.MINI.IP\nshort\nIX.D.FTSE.DAILY.IP\nbad/epic.X\n';
    expect(parseEpicList(text)).toEqual({
      epics: ['CS.D.EURUSD.MINI.IP', 'IX.D.FTSE.DAILY.IP'],
      duplicates: ['CS.D.EURUSD.MINI.IP'],
      invalid: ['short', 'bad/epic.X'],
    });
  });

  it('empty text, or a BOM and a header alone, gives nothing', () => {
    expect(parseEpicList('')).toEqual({ epics: [], duplicates: [], invalid: [] });
    expect(parseEpicList(`${BOM}epic\r\n`)).toEqual({ epics: [], duplicates: [], invalid: [] });
  });
});

describe('in a German browser', () => {
  afterEach(() => setFormatLocale(undefined));

  it('the file keeps dot decimals and no grouping, and the page says so in German', () => {
    useLocale('de');
    setFormatLocale('de-DE');
    const lines = watchlistCsv([{ ...markets[1]!, instrumentName: 'FTSE 100', bid: 17420.5, offer: 17421.5 }]).split(
      '\r\n',
    );
    expect(lines[1]).toBe('IX.D.FTSE.DAILY.IP,FTSE 100,17420.5,17421.5,12.3,0.17');
    expect(machineFormatNote()).toMatch(/Punkt.*ISO 8601/);
  });
});
