import { describe, expect, it } from 'vitest';
import { formatAmount, formatChangePercent, reportFileProblem } from './format';

describe('valuation formatting', () => {
  it('groups amounts without floats and trims per-share zeros', () => {
    expect(formatAmount('12000000.00', 'EUR')).toBe('EUR 12,000,000.00');
    expect(formatAmount('0.500000', 'EUR')).toBe('EUR 0.50');
    expect(formatAmount('0.123456', 'EUR')).toBe('EUR 0.123456');
    expect(formatAmount('1234', 'USD')).toBe('USD 1,234.00');
    expect(formatAmount('-1234.5', 'EUR')).toBe('EUR -1,234.50');
  });

  it('signs changes', () => {
    expect(formatChangePercent('12.50')).toBe('+12.50%');
    expect(formatChangePercent('-3.00')).toBe('−3.00%');
    expect(formatChangePercent('0.00')).toBe('0.00%');
    expect(formatChangePercent(null)).toBe('—');
  });

  it('checks the report file before upload', () => {
    const max = 20 * 1024 * 1024;
    expect(reportFileProblem({ name: 'r.pdf', type: 'application/pdf', size: 10 }, max)).toBe(null);
    expect(reportFileProblem({ name: 'r.docx', type: 'application/msword', size: 10 }, max)).toBe(
      'The report must be a PDF file',
    );
    expect(reportFileProblem({ name: 'r.pdf', type: 'application/pdf', size: max + 1 }, max)).toBe(
      'The report is larger than 20 MB',
    );
  });
});
