/*
 * Device and browser from a User-Agent header, for the sessions list ("Where you are signed in").
 * A few patterns cover the browsers people use; anything else reads as "Unknown". Order matters:
 * Edge and Opera also say Chrome, Chrome also says Safari, iPads may say Macintosh.
 */

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS|Chromium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  [/curl\/(\d+)/, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPad/, 'iPad'],
  [/iPhone|iPod/, 'iPhone'],
  [/Android[^;)]*;\s*([^;)]+?)\s+Build\//, 'Android'],
  [/Android/, 'Android'],
  [/Windows NT/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Linux/, 'Linux'],
];

export type ParsedAgent = { device: string; browser: string };

export function parseUserAgent(ua: string | null | undefined): ParsedAgent {
  if (!ua) return { device: 'Unknown device', browser: 'Unknown browser' };
  let browser = 'Unknown browser';
  for (const [re, name] of BROWSERS) {
    const m = re.exec(ua);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  let device = 'Unknown device';
  for (const [re, name] of SYSTEMS) {
    if (re.test(ua)) {
      device = name;
      break;
    }
  }
  return { device, browser };
}
