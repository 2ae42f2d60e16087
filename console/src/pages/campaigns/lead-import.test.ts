import { describe, expect, it } from 'vitest';
import {
  combineReports,
  guessMapping,
  mappingProblems,
  parseCsv,
  planImport,
  planNumberImport,
  variableNameOf,
  type ColumnMapping,
} from './lead-import.js';

const variable = (name: string): ColumnMapping => ({ use: 'variable', name });

describe('parseCsv', () => {
  it('reads a header and rows, with quotes, a byte-order mark and blank lines', () => {
    expect(parseCsv('\uFEFFName, Phone\r\n"Pop, Ana",+40711222333\r\n\r\nDan,0744 555 666\r\n')).toEqual({
      headers: ['Name', 'Phone'],
      rows: [
        ['Pop, Ana', '+40711222333'],
        ['Dan', '0744 555 666'],
      ],
    });
  });

  it('guesses a semicolon delimiter, as spreadsheets in many countries write', () => {
    expect(parseCsv('name;phone\nAna;+40711222333\n')).toEqual({ headers: ['name', 'phone'], rows: [['Ana', '+40711222333']] });
  });

  it('has no headers and no rows for an empty file', () => {
    expect(parseCsv('')).toEqual({ headers: [], rows: [] });
  });
});

describe('guessMapping', () => {
  it('takes the first phone column as the number, a second one as a contact to try next, the rest as variables', () => {
    expect(guessMapping(['Customer Name', 'Mobile', 'Partner phone', 'Preferred cake'])).toEqual([
      variable('customer_name'),
      { use: 'phone', name: 'mobile' },
      { use: 'secondary', name: 'partner_phone' },
      variable('preferred_cake'),
    ]);
  });

  it('prefers a column named like a phone over an "order number", and falls back to a number column', () => {
    expect(guessMapping(['Order number', 'Tel']).map((m) => m.use)).toEqual(['variable', 'phone']);
    expect(guessMapping(['Name', 'Număr']).map((m) => m.use)).toEqual(['variable', 'phone']);
    expect(guessMapping(['Name', 'City']).map((m) => m.use)).toEqual(['variable', 'variable']);
  });

  it('names variables in snake case, without accents, with a fallback for an empty header', () => {
    expect(variableNameOf('Prénom du client', 0)).toBe('prenom_du_client');
    expect(variableNameOf('  ', 3)).toBe('column_4');
  });
});

describe('mappingProblems', () => {
  it('asks for exactly one phone column, named variables without repeats, and rows within the limit', () => {
    expect(mappingProblems([variable('name')], 1)).toEqual(['Choose the column that holds the phone number.']);
    expect(
      mappingProblems(
        [{ use: 'phone', name: 'a' }, { use: 'phone', name: 'b' }, variable(' '), variable('city'), variable('city')],
        50_001,
      ),
    ).toEqual([
      'Only one column can be the phone number; make the others contacts to try next.',
      'Give every variable a name.',
      'Two columns have the same variable name: city.',
      'At most 50,000 rows can be imported at once; this file has 50001.',
    ]);
    expect(
      mappingProblems(
        [
          { use: 'phone', name: 'p' },
          { use: 'skip', name: 'x' },
        ],
        0,
      ),
    ).toEqual(['The file has no rows under its header.']);
    expect(mappingProblems([{ use: 'phone', name: 'p' }, variable('name')], 2)).toEqual([]);
  });
});

describe('planImport and combineReports', () => {
  const table = {
    headers: ['Name', 'Phone', 'Notes', 'Partner'],
    rows: [
      ['Ana', '+40711222333', 'chocolate', '+40722333444'],
      ['Nobody', '', 'x', ''],
      ['Dan', '+40744555666', '', ''],
      ['Ioana', 'n/a', 'vanilla', ''],
      ['Mihai', '+40755666777', 'y'.repeat(2001), ''],
    ],
  };
  const mapping: ColumnMapping[] = [
    variable('customer_name'),
    { use: 'phone', name: 'phone' },
    variable('notes'),
    { use: 'secondary', name: 'partner' },
  ];

  it('sends each row as a lead, leaves out empty cells, gives contacts the lead variables, and rejects what the API could not take', () => {
    const plan = planImport(7, table, mapping, { allowDuplicates: true, chunkRows: 2 });
    expect(plan.totalRows).toBe(5);
    expect(plan.rejected).toEqual([
      { row: 2, phone_number: null, reason: 'The phone number is missing' },
      { row: 5, phone_number: '+40755666777', reason: 'The notes value is longer than 2,000 characters' },
    ]);
    expect(plan.requests).toEqual([
      {
        body: {
          campaign_id: 7,
          allow_dupplicate: true,
          leads: [
            {
              phone_number: '+40711222333',
              variables: { customer_name: 'Ana', notes: 'chocolate' },
              secondary_contacts: [{ phone_number: '+40722333444', variables: { customer_name: 'Ana', notes: 'chocolate' } }],
            },
            { phone_number: '+40744555666', variables: { customer_name: 'Dan' } },
          ],
        },
        fileRows: [1, 3],
      },
      {
        body: {
          campaign_id: 7,
          allow_dupplicate: true,
          leads: [{ phone_number: 'n/a', variables: { customer_name: 'Ioana', notes: 'vanilla' } }],
        },
        fileRows: [4],
      },
    ]);
  });

  it('skips skipped columns and leaves allow_dupplicate out unless asked', () => {
    const skipping = mapping.map((m) => (m.name === 'notes' ? { ...m, use: 'skip' as const } : m));
    const plan = planImport(7, { headers: table.headers, rows: [table.rows[2]!] }, skipping, { allowDuplicates: false });
    expect(plan.requests.map((r) => r.body)).toEqual([
      { campaign_id: 7, leads: [{ phone_number: '+40744555666', variables: { customer_name: 'Dan' } }] },
    ]);
  });

  it("adds up the requests' reports, numbering their rejected rows as the file does", () => {
    const plan = planImport(7, table, mapping, { allowDuplicates: false, chunkRows: 2 });
    const report = combineReports(plan, [
      { message: 'Leads imported', total_rows: 2, imported: 1, duplicates: 1, rejected: [] },
      {
        message: 'Leads imported',
        total_rows: 1,
        imported: 0,
        duplicates: 0,
        rejected: [{ row: 1, phone_number: 'n/a', reason: 'Invalid phone number' }],
      },
    ]);
    expect(report).toEqual({
      message: 'Leads imported',
      total_rows: 5,
      imported: 1,
      duplicates: 1,
      rejected: [
        { row: 2, phone_number: null, reason: 'The phone number is missing' },
        { row: 4, phone_number: 'n/a', reason: 'Invalid phone number' },
        { row: 5, phone_number: '+40755666777', reason: 'The notes value is longer than 2,000 characters' },
      ],
    });
  });
});

describe('planNumberImport', () => {
  it('sends the non-empty cells of a column and numbers rejected rows as the file does', () => {
    const plan = planNumberImport(
      {
        headers: ['name', 'phone'],
        rows: [
          ['Ana', '+40711222333'],
          ['Dan', ''],
          ['Ioana', 'nope'],
          ['Long', '1'.repeat(33)],
        ],
      },
      1,
    );
    expect(plan.phoneNumbers).toEqual(['+40711222333', 'nope']);
    expect(plan.rejectedInFile([{ row: 2, phone_number: 'nope', reason: 'Invalid phone number' }])).toEqual([
      { row: 3, phone_number: 'nope', reason: 'Invalid phone number' },
      { row: 4, phone_number: '1'.repeat(33), reason: 'Invalid phone number' },
    ]);
  });
});
