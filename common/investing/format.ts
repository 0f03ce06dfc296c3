/**
 * How funding reads (spec document 3, sections 2 and 9): the progress as a percentage with one
 * decimal, capped at 100; amounts in US dollars with no decimals, or abbreviated with K and M on
 * cards. Shared by the cards, the detail page, the profile section and the tests.
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

/** Abbreviated dollars: 999 -> '$999', 1000 -> '$1K', 1500 -> '$1.5K', 1500000 -> '$1.5M'. */
export function formatCompactUsd(amount: number): string {
  const n = Number.isFinite(amount) ? Math.max(0, amount) : 0;
  // Thresholds on the rounded value, so 999,960 reads '$1M', never '$1000K'.
  if (Math.round(n / 100_000) / 10 >= 1) return `$${oneDecimal(n / 1_000_000)}M`;
  if (Math.round(n / 100) / 10 >= 1 && n >= 999.5) {
    const k = Math.round(n / 100) / 10;
    return k >= 1000 ? `$${oneDecimal(n / 1_000_000)}M` : `$${oneDecimal(k)}K`;
  }
  return usd.format(Math.round(n));
}

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
