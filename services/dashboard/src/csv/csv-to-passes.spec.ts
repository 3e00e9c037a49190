/** Rows of a bulk-issue CSV become issue bodies checked as the API checks them, or the reasons they cannot. */
import { describe, expect, it } from '@jest/globals';
import { passesFromCsv } from './csv-to-passes';
import { parseCsv } from './parse-csv';

const read = (text: string) => passesFromCsv(parseCsv(text), 'tpl-1');

describe('a bulk-issue CSV', () => {
  it('turns each row into an issue body, leaving empty cells out and reading numbers and metadata', () => {
    expect(read('customer_name,customer_email,external_id,points,initial_balance,metadata.tier\nAda Lovelace,ada@example.com,m-1,10,2.50,gold\nBob,,,,,\n')).toEqual({
      ok: true,
      rows: [
        {
          line: 2,
          ok: true,
          body: { template_id: 'tpl-1', customer_name: 'Ada Lovelace', customer_email: 'ada@example.com', external_id: 'm-1', points: 10, initial_balance: 2.5, metadata: { tier: 'gold' } },
        },
        { line: 3, ok: true, body: { template_id: 'tpl-1', customer_name: 'Bob' } },
      ],
    });
  });

  it('gives a row its errors by field, as the API would name them', () => {
    const result = read('customer_email,points,initial_balance\nnot-an-email,ten,1.005\n');
    expect(result).toEqual({
      ok: true,
      rows: [{ line: 2, ok: false, errors: { customer_email: 'must be a valid email address', points: 'must be an integer', initial_balance: 'Type the amount, such as 5 or 1.20' } }],
    });
  });

  it('refuses a row whose number of fields differs from the header', () => {
    expect(read('customer_name,customer_email\nAda\n')).toEqual({ ok: true, rows: [{ line: 2, ok: false, errors: { '': 'has 1 fields where the header has 2' } }] });
  });

  it('refuses unknown and repeated columns, and a file without rows', () => {
    expect(read('customer_name,phone\nAda,123')).toEqual({ ok: false, message: expect.stringContaining('Unknown column “phone”') });
    expect(read('customer_name,customer_name\nAda,Ada')).toEqual({ ok: false, message: 'Column “customer_name” appears twice.' });
    expect(read('customer_name\n')).toEqual({ ok: false, message: 'The file has no rows under its header.' });
  });
});
