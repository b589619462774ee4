/**
 * Browser and system from a User-Agent, for the list of signed-in devices (issue 31): a few patterns of our own
 * rather than a parser package (the maintained one, ua-parser-js 2, is AGPL). Order matters: Edge and Opera say
 * "Chrome" too, Chrome says "Safari", Android says "Linux", iPadOS says "Mac OS X" with "Mobile".
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Windows NT/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

export interface UserAgentSummary {
  /** "Firefox 133", or null when unknown. */
  browser: string | null;
  system: string | null;
}

export function describeUserAgent(userAgent: string | null): UserAgentSummary {
  if (!userAgent) return { browser: null, system: null };
  const found = BROWSERS.map(([pattern, name]) => ({ name, match: pattern.exec(userAgent) })).find(({ match }) => match);
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return { browser: found ? `${found.name} ${found.match![1]}` : null, system };
}
