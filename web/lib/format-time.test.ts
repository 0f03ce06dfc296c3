import { describe, expect, it } from 'vitest';
import { dateFormatter, formatDateTime, formatRelativeTime, shortZoneName } from './format-time';

const now = new Date(2025, 5, 15, 12, 0, 0).getTime();
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('formatRelativeTime', () => {
  it("says 'Just now' under a minute (and for clocks slightly ahead)", () => {
    expect(formatRelativeTime(ago(0), now)).toBe('Just now');
    expect(formatRelativeTime(ago(59_000), now)).toBe('Just now');
    expect(formatRelativeTime(ago(-5_000), now)).toBe('Just now');
  });

  it('counts minutes, hours and days under 7', () => {
    expect(formatRelativeTime(ago(60_000), now)).toBe('1m ago');
    expect(formatRelativeTime(ago(59 * 60_000), now)).toBe('59m ago');
    expect(formatRelativeTime(ago(60 * 60_000), now)).toBe('1h ago');
    expect(formatRelativeTime(ago(23 * 3_600_000), now)).toBe('23h ago');
    expect(formatRelativeTime(ago(24 * 3_600_000), now)).toBe('1d ago');
    expect(formatRelativeTime(ago(6 * 86_400_000), now)).toBe('6d ago');
  });

  it('shows a date from 7 days on, with the year only when it differs', () => {
    expect(formatRelativeTime(new Date(2025, 5, 8, 12, 0, 0), now)).toBe('Jun 8');
    expect(formatRelativeTime(new Date(2024, 11, 31, 9, 0, 0), now)).toBe('Dec 31, 2024');
  });
});

describe('dateFormatter', () => {
  const dates = [new Date(2025, 2, 4, 15, 5), new Date(2024, 11, 31, 0, 0), new Date(2031, 6, 9, 23, 59)];

  it('says what toLocaleString says with the same locale and options, made once and kept', () => {
    const options: Intl.DateTimeFormatOptions = {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    };
    const format = dateFormatter('en-US', options);
    for (const d of dates) {
      expect(format(d)).toBe(d.toLocaleDateString('en-US', options));
      expect(format(d.toISOString())).toBe(d.toLocaleDateString('en-US', options));
      expect(format(d.getTime())).toBe(d.toLocaleDateString('en-US', options));
    }
    const time = dateFormatter('en-US', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    for (const d of dates)
      expect(time(d)).toBe(
        d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
      );
  });

  it('gives formatDateTime the text it had', () => {
    const options = {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    } as const;
    for (const d of dates) expect(formatDateTime(d)).toBe(d.toLocaleString('en-US', options));
  });

  it("writes en-US's usual formats by hand with Intl's text, in the viewer's zone and in UTC", () => {
    const more = [
      ...dates,
      new Date(2026, 6, 1, 12, 0),
      new Date(2026, 0, 15, 11, 59),
      new Date(Date.UTC(2026, 2, 29, 0, 30)),
    ];
    const pick = <T>(...xs: T[]) => xs;
    let checked = 0;
    for (const weekday of pick(undefined, 'short', 'long'))
      for (const month of pick(undefined, 'short', 'long'))
        for (const day of pick(undefined, 'numeric'))
          for (const year of pick(undefined, 'numeric'))
            for (const time of pick(0, 1, 2))
              for (const timeZone of pick(undefined, 'UTC')) {
                const options = Object.fromEntries(
                  Object.entries({
                    weekday,
                    month,
                    day,
                    year,
                    timeZone,
                    ...(time ? { hour: 'numeric', minute: '2-digit' } : {}),
                    ...(time === 2 ? { timeZoneName: 'short' } : {}),
                  }).filter(([, v]) => v !== undefined),
                ) as Intl.DateTimeFormatOptions;
                if (!options.month && !options.hour) continue;
                const format = dateFormatter('en-US', options);
                for (const d of more) {
                  expect(format(d), JSON.stringify(options)).toBe(
                    new Intl.DateTimeFormat('en-US', options).format(d),
                  );
                  checked++;
                }
              }
    expect(checked).toBeGreaterThan(500);
  });

  it("names the viewer's zone as en-US's short zone name does", () => {
    for (const d of [new Date(2026, 0, 15), new Date(2026, 6, 15)])
      expect(shortZoneName(d)).toBe(
        new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
          .formatToParts(d)
          .find((p) => p.type === 'timeZoneName')?.value,
      );
  });
});
