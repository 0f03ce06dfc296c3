/**
 * How funding reads: the progress as a percentage with one decimal, capped at 100; amounts in
 * whole US dollars with no decimals and never abbreviated ('$22,500', not '$22.5K'), on cards,
 * profiles and the idea's page alike. Shared by all of them and the tests.
 */

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** Whole US dollars: 1500000 -> '$1,500,000' (cents are rounded). */
export function formatUsd(amount: number): string {
  return usd.format(Number.isFinite(amount) ? amount : 0);
}

const oneDecimal = (n: number) => {
  const s = (Math.round(n * 10) / 10).toFixed(1);
  return s.endsWith('.0') ? s.slice(0, -2) : s;
};

/** The progress in percent, one decimal, never above 100 nor below 0 (a goal of 0 reads 0). */
export function fundingPercent(received: number, goal: number): number {
  if (!(goal > 0) || !Number.isFinite(received) || received <= 0) return 0;
  return Math.min(100, Math.round((received / goal) * 1000) / 10);
}

/** The percentage as shown: '45.5%', '100%' when exceeded. */
export function formatFundingPercent(received: number, goal: number): string {
  return `${oneDecimal(fundingPercent(received, goal))}%`;
}

/** Equity as shown after 'Equity Offered: ': 12.5 -> '12.5', 10 -> '10'. */
export function formatEquity(equity: number): string {
  return oneDecimal(equity);
}
