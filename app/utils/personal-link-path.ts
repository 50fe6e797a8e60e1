/** The path of a connector's personal link to a business (issue 37, decision 179); browser-safe. */
export function personalLinkPath(businessId: number, code: string) {
  return `/refer/${businessId}?via=${encodeURIComponent(code)}`;
}
