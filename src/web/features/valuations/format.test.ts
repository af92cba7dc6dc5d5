import { describe, expect, it } from 'vitest';
import { formatChangePercent, formatValue, reportFileProblem } from './format';

describe('valuation formatting', () => {
  it('writes amounts in the active language, keeping up to 6 decimals', () => {
    expect(formatValue('12000000.00', 'EUR')).toBe('€12,000,000.00');
    expect(formatValue('0.500000', 'EUR')).toBe('€0.50');
    expect(formatValue('0.123456', 'EUR')).toBe('€0.123456');
  });

  it('signs changes', () => {
    expect(formatChangePercent('12.50')).toBe('+12.50%');
    expect(formatChangePercent('242.8571')).toBe('+242.8571%');
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
