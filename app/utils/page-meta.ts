import type { MetaDescriptor } from "@remix-run/cloudflare";

/** What Warm Intros is, for a page with nothing more particular to say (and the root's own meta). */
export const APP_DESCRIPTION = "Warm business introductions: refer customers to trusted businesses and earn cashback.";

/**
 * A page's title and meta description. A route's meta replaces its parents' in Remix, so every page
 * names its description here rather than relying on the root's.
 */
export function pageMeta(title: string, description = APP_DESCRIPTION): MetaDescriptor[] {
  return [{ title }, { name: "description", content: description }];
}
