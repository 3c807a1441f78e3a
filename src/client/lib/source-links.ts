// Links to the pages an answer cites (issue 17, item 2). The URLs come from the vendors, so only web
// addresses become links: anything else (javascript:, data:, a malformed URL) is shown as text.

/** The URL to link to, or null when it is not an http(s) address. */
export function safeSourceUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The site a source is on, as people say it: 'nature.com' for https://www.nature.com/articles/…. */
export function sourceDomain(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
