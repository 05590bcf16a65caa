import { gzipSync } from 'node:zlib';
import { NadacFileError, parseNadacFile, priceProblem, usDate } from './nadac-file';

const HEADER =
  '"NDC Description",NDC,"NADAC Per Unit","Effective Date","Pricing Unit","Pharmacy Type Indicator",OTC,"Explanation Code","Classification for Rate Setting","Corresponding Generic Drug NADAC Per Unit","Corresponding Generic Drug Effective Date","As of Date"';
// Rows as CMS writes them (from the 2026-04-29 file): quoted fields, a quoted comma in "1, 5", empty generic columns.
const LIPITOR = '"LIPITOR 10 MG TABLET",58151015577,13.40569,01/01/2026,EA,C/I,N,4,B,0.02483,04/22/2026,04/29/2026';
const ATORVASTATIN = '"ATORVASTATIN 10 MG TABLET",00093505610,0.02483,04/22/2026,EA,C/I,N,1,G,,,04/29/2026';
const SPRAY = '"24H NASAL ALLERGY 55 MCG SPRAY",46122038576,0.77203,04/22/2026,ML,C/I,Y,"1, 5",G,,,04/29/2026';

/** The row with another NDC (a file never repeats one). */
const ndc = (line: string, n: number): string => line.replace(/,(\d{11}),/, `,${String(n).padStart(11, '9')},`);
const file = (...lines: string[]): Buffer => Buffer.from(`${lines.join('\n')}\n`, 'utf8');
const problemsOf = (bytes: Buffer): string[] => {
  try {
    parseNadacFile('nadac.csv', bytes);
  } catch (error) {
    if (error instanceof NadacFileError) return error.problems;
    throw error;
  }
  throw new Error('the file was accepted');
};

describe('parseNadacFile', () => {
  it("reads CMS's layout: quoted fields, MM/DD/YYYY dates, brand and generic, the corresponding generic rate", () => {
    expect(parseNadacFile('nadac.csv', file(HEADER, LIPITOR, ATORVASTATIN, SPRAY))).toEqual({
      asOf: '2026-04-29',
      rows: [
        {
          ndc11: '58151015577',
          description: 'LIPITOR 10 MG TABLET',
          perUnit: '13.40569',
          effectiveDate: '2026-01-01',
          pricingUnit: 'EA',
          otc: false,
          classification: 'brand',
          correspondingGenericPerUnit: '0.02483',
          correspondingGenericEffectiveDate: '2026-04-22',
        },
        expect.objectContaining({ ndc11: '00093505610', classification: 'generic', correspondingGenericPerUnit: null }),
        expect.objectContaining({ ndc11: '46122038576', pricingUnit: 'ML', otc: true }),
      ],
    });
  });

  it('reads it gzipped, with CRLF line ends and the columns in another order', () => {
    const fields = (line: string) => line.match(/("[^"]*"|[^,]*)(,|$)/g)!.map((field) => field.replace(/,$/, ''));
    const reorder = (line: string) => {
      const f = fields(line);
      return [f[1], f[0], ...f.slice(2, 12)].join(',');
    };
    const crlf = Buffer.from(`${[reorder(HEADER), reorder(ATORVASTATIN)].join('\r\n')}\r\n`);
    expect(parseNadacFile('nadac.csv.gz', gzipSync(crlf)).rows).toEqual([
      expect.objectContaining({ ndc11: '00093505610', perUnit: '0.02483' }),
    ]);
  });

  it('refuses a header missing a column, naming it', () => {
    const header = HEADER.replace(',"Pricing Unit"', '');
    expect(problemsOf(file(header, ATORVASTATIN))).toEqual([
      'line 1: the header lacks "Pricing Unit" (CMS\'s NADAC layout has 12 named columns)',
    ]);
  });

  it('refuses bad dates, prices, units and NDCs with their line numbers, and keeps nothing', () => {
    const problems = problemsOf(
      file(
        HEADER,
        ATORVASTATIN,
        ndc(ATORVASTATIN, 3).replace('04/22/2026', '2026-04-22'),
        ndc(ATORVASTATIN, 4).replace('04/22/2026', '02/30/2026'),
        ndc(LIPITOR, 5).replace('13.40569', 'N/A'),
        ndc(LIPITOR, 6).replace('13.40569', '0.00000'),
        ndc(LIPITOR, 7).replace('13.40569', '-1.5'),
        ndc(SPRAY, 8).replace(',ML,', ',OZ,'),
        SPRAY.replace('46122038576', '4612203857'),
        ndc(ATORVASTATIN, 10).replace('04/29/2026', '05/06/2026'),
        ATORVASTATIN,
      ),
    );
    expect(problems).toEqual([
      'line 3: Effective Date "2026-04-22" is not a date as MM/DD/YYYY',
      'line 4: Effective Date "02/30/2026" is not a date as MM/DD/YYYY',
      'line 5: NADAC Per Unit "N/A" is not a price in dollars',
      'line 6: NADAC Per Unit 0.00000 is not above zero',
      'line 7: NADAC Per Unit "-1.5" is not a price in dollars',
      'line 8: Pricing Unit "OZ" is not one of EA, ML, GM',
      'line 9: NDC "4612203857" is not 11 digits',
      "line 10: As of Date 2026-05-06 differs from the file's 2026-04-29 (one week per file)",
      'line 11: NDC 00093505610 is also on line 2',
    ]);
  });

  it('refuses a row with a field too few, and a file with no rows', () => {
    expect(problemsOf(file(HEADER, ATORVASTATIN.replace(',04/29/2026', '')))).toEqual(['line 2: 11 fields where the header has 12']);
    expect(problemsOf(file(HEADER))).toEqual(['the file has no rows']);
  });
});

describe('usDate and priceProblem', () => {
  it('accept real dates and prices only', () => {
    expect(usDate('02/29/2024')).toBe('2024-02-29');
    expect(usDate('02/29/2025')).toBeNull();
    expect(usDate('4/29/2026')).toBeNull();
    expect(priceProblem('0.00150')).toBeNull();
    expect(priceProblem('100000.00')).toBe('100000.00 is more than $100000 per unit');
    expect(priceProblem('1e3')).toBe('"1e3" is not a price in dollars');
  });
});
