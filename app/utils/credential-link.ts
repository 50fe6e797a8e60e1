import type { MetaDescriptor } from "@remix-run/cloudflare";
import { pageMeta } from "./page-meta";

/**
 * The meta of a page whose URL is a credential (a mailed link with a token): kept out of search
 * engines, and its URL out of other sites' logs. The referrer policy is same-origin, not
 * no-referrer: with no-referrer the browser sends "Origin: null" on the page's own plain form post
 * (before hydration or without JavaScript), which the cross-site check refuses.
 */
export function credentialLinkMeta(title: string): MetaDescriptor[] {
  return [...pageMeta(title), { name: "robots", content: "noindex" }, { name: "referrer", content: "same-origin" }];
}
