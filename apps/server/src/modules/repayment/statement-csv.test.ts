import { ERRORS, STATEMENT_COLUMNS, STATEMENT_MAX_ROWS } from '@sen/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/app-error.ts';
import { csvRecords, parseStatement, parseVnd } from './statement-csv.ts';

/*
 * The statement file (decision 118): SePay's columns, every row checked by the webhook's own
 * schema, bad rows listed by spreadsheet row number, a wrong header refusing the whole file.
 */

const HEADER = STATEMENT_COLUMNS.join(',');
const row = (cells: Partial<Record<(typeof STATEMENT_COLUMNS)[number], string>> = {}) => {
  const values: Record<string, string> = {
    id: '900000123',
    gateway: 'MBBank',
    transactionDate: '2026-11-25 09:15:00',
    accountNumber: '0000123456789',
    code: '',
    content: 'NGUYEN VAN A chuyen tien',
    transferType: 'in',
    transferAmount: '150000',
    accumulated: '19077000',
    referenceCode: 'FT26329000001',
    description: 'BankAPINotify',
    ...cells,
  };
  return STATEMENT_COLUMNS.map((name) => {
    const value = values[name] ?? '';
    return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  }).join(',');
};
const file = (...lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('reading a CSV', () => {
  it('reads quoted cells with commas, quotes and line breaks, and numbers records by their first line', () => {
    expect(csvRecords('a,b\r\n"x, y","say ""hi"""\n"two\nlines",z\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"'] },
      { line: 3, cells: ['two\nlines', 'z'] },
    ]);
  });

  it('takes the semicolon or tab a bank export uses when the header has no comma', () => {
    expect(csvRecords('a;b\n1;2')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2'] },
    ]);
    expect(csvRecords('a\tb\n1\t2')[1]!.cells).toEqual(['1', '2']);
  });
});

describe('amounts', () => {
  it('are whole đồng, plain or grouped by thousands with one separator', () => {
    expect(parseVnd('150000')).toBe(150_000);
    expect(parseVnd('1.500.000')).toBe(1_500_000);
    expect(parseVnd('1,500,000')).toBe(1_500_000);
    expect(parseVnd(' 2000 ')).toBe(2000);
  });

  it('refuses fractions, signs, mixed separators and words', () => {
    for (const text of ['150000.50', '1,500.000', '-5000', '1.5', '12,34', 'abc', '', '1 000đ']) expect(parseVnd(text), text).toBeNull();
  });
});

describe('a statement file', () => {
  it('reads every good row as the webhook would receive it', () => {
    const parsed = parseStatement(file(HEADER, row(), row({ id: '900000124', transferType: 'out', transferAmount: '2.000.000', content: 'SEN26112500000001 giai ngan, khoan vay', code: 'SEN7K3M9Q2PX' })));
    expect(parsed.errors).toEqual([]);
    expect(parsed.total).toBe(2);
    expect(parsed.rows).toEqual([
      {
        row: 2,
        transfer: {
          id: '900000123',
          gateway: 'MBBank',
          transactionDate: '2026-11-25 09:15:00',
          accountNumber: '0000123456789',
          code: null,
          content: 'NGUYEN VAN A chuyen tien',
          transferType: 'in',
          transferAmount: 150_000,
          accumulated: 19_077_000,
          subAccount: null,
          referenceCode: 'FT26329000001',
          description: 'BankAPINotify',
        },
      },
      expect.objectContaining({ row: 3, transfer: expect.objectContaining({ id: '900000124', transferType: 'out', transferAmount: 2_000_000, content: 'SEN26112500000001 giai ngan, khoan vay', code: 'SEN7K3M9Q2PX' }) }),
    ]);
  });

  it('gives a bank id its canonical digits: "0900000123" is 900000123, a duplicate of it', () => {
    const parsed = parseStatement(file(HEADER, row({ id: '900000123' }), row({ id: '0900000123' })));
    expect(parsed.rows.map((entry) => entry.transfer.id)).toEqual(['900000123']);
    expect(parsed.errors).toEqual([{ row: 3, problem: 'duplicate', field: 'id', transactionId: '900000123' }]);
  });

  it('takes the columns in any order, a BOM, blank lines and SePay\'s subAccount column', () => {
    const columns = [...STATEMENT_COLUMNS].reverse();
    const line = (id: string) => {
      const cells: Record<string, string> = { id, transactionDate: '2026-11-25 10:00:00', accountNumber: '0000123456789', transferType: 'in', transferAmount: '5000', gateway: 'MB' };
      return columns.map((name) => cells[name] ?? '').join(',');
    };
    const parsed = parseStatement(Buffer.from(`\uFEFF${columns.join(',')},subAccount\n${line('7')},VA01\n\n${line('8')},\n`));
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows.map((entry) => [entry.row, entry.transfer.id, entry.transfer.subAccount])).toEqual([
      [2, '7', 'VA01'],
      [4, '8', null],
    ]);
  });

  it('lists each bad row by its spreadsheet row number and column, and reads the rest', () => {
    const parsed = parseStatement(
      file(
        HEADER,
        row({ id: '1' }),
        row({ id: '2', transferAmount: '150000.50' }),
        row({ id: 'FT-3' }),
        row({ id: '4', transactionDate: '25/11/2026', transferType: 'sideways' }),
        '5,MBBank,2026-11-25 09:00:00',
        row({ id: '6', accountNumber: '' }),
        row({ id: '7', content: 'x'.repeat(1001) }),
        row({ id: '8' }),
      ),
    );
    expect(parsed.rows.map((entry) => entry.transfer.id)).toEqual(['1', '8']);
    expect(parsed.total).toBe(8);
    expect(parsed.errors).toEqual([
      { row: 3, problem: 'invalid', field: 'transferAmount', transactionId: '2' },
      { row: 4, problem: 'invalid', field: 'id', transactionId: null },
      { row: 5, problem: 'invalid', field: 'transactionDate', transactionId: '4' },
      { row: 5, problem: 'invalid', field: 'transferType', transactionId: '4' },
      { row: 6, problem: 'cells', field: null, transactionId: '5' },
      { row: 7, problem: 'invalid', field: 'accountNumber', transactionId: '6' },
      { row: 8, problem: 'invalid', field: 'content', transactionId: '7' },
    ]);
  });

  it('refuses the whole file when the header is not SePay\'s columns, saying which are missing or unknown', () => {
    const header: string[] = [...STATEMENT_COLUMNS.filter((name) => name !== 'transferAmount'), 'amount'];
    const error = refusal(() => parseStatement(file(header.join(','), row())));
    expect(error.errorName).toBe('STATEMENT_HEADER_INVALID');
    expect(error.params).toEqual({ missing: 'transferAmount', unknown: 'amount' });
    expect(refusal(() => parseStatement(file(`${HEADER},id`, row()))).params).toEqual({ missing: '—', unknown: 'id' });
  });

  it('refuses a file that is not UTF-8 text, holds no row, or too many', () => {
    expect(refusal(() => parseStatement(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]))).errorName).toBe('STATEMENT_UNREADABLE');
    expect(refusal(() => parseStatement(file(HEADER))).errorName).toBe('STATEMENT_UNREADABLE');
    expect(refusal(() => parseStatement(Buffer.alloc(0))).errorName).toBe('STATEMENT_UNREADABLE');
    const many = Array.from({ length: STATEMENT_MAX_ROWS + 1 }, (_, index) => row({ id: String(index + 1) }));
    const error = refusal(() => parseStatement(file(HEADER, ...many)));
    expect(error.errorName).toBe('STATEMENT_TOO_MANY_ROWS');
    expect(ERRORS[error.errorName].httpStatus).toBe(413);
  });
});
