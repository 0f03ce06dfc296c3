import { describe, expect, it } from 'vitest';
import { formatEquity, formatFundingPercent, formatUsd, fundingPercent } from './format';
import { INVESTING_MSG } from './model';

describe('funding formatting at the edges', () => {
  it('reads nothing raised as 0', () => {
    expect(formatUsd(0)).toBe('$0');
    expect(fundingPercent(0, 1000)).toBe(0);
    expect(formatFundingPercent(0, 1000)).toBe('0%');
  });

  it('caps an exceeded goal at 100 percent', () => {
    expect(fundingPercent(2500, 1000)).toBe(100);
    expect(formatFundingPercent(1_500_000, 1000)).toBe('100%');
    expect(formatFundingPercent(1000, 1000)).toBe('100%');
  });

  it('keeps one decimal, rounded', () => {
    expect(formatFundingPercent(333, 1000)).toBe('33.3%');
    expect(formatFundingPercent(455, 1000)).toBe('45.5%');
    expect(formatFundingPercent(999.4, 1000)).toBe('99.9%');
    expect(formatFundingPercent(1, 3000)).toBe('0%');
  });

  it('shows whole US dollars', () => {
    expect(formatUsd(999)).toBe('$999');
    expect(formatUsd(1000)).toBe('$1,000');
    expect(formatUsd(1_500_000)).toBe('$1,500,000');
    expect(formatUsd(1234.56)).toBe('$1,235');
  });

  it('money in whole US dollars on cards and profiles too: $22,500 of $150,000, never $22.5K of $150K', () => {
    expect(INVESTING_MSG.fundedOf(formatUsd(22_500), formatUsd(150_000))).toBe('$22,500 of $150,000');
    expect(formatUsd(1_500_000)).not.toMatch(/[KM]$/);
  });

  it('reads a goal of nothing as 0 percent, not infinity', () => {
    expect(fundingPercent(500, 0)).toBe(0);
  });

  it('shows equity without a trailing .0', () => {
    expect(formatEquity(10)).toBe('10');
    expect(formatEquity(12.5)).toBe('12.5');
  });
});
