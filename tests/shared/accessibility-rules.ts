/**
 * How the project runs axe (decision 139). Every screen's HTML is checked in the integration tier
 * against the WCAG 2.1 A/AA rules that read the document; the rules below need a rendered page
 * (layout, computed colours in each theme, scrolling), so Chromium runs them, and only them, per screen.
 */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
export const RENDERED_RULES = ["color-contrast", "link-in-text-block", "scrollable-region-focusable"];
