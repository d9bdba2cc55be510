/**
 * Where a shopper follows a parcel: the carrier's own tracking page for the carriers the admin can
 * pick when shipping (order-moves.ts CARRIERS), a web search for any other.
 */
const TRACKING_PAGES: Record<string, (n: string) => string> = {
  UPS: (n) => `https://www.ups.com/track?tracknum=${n}`,
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  FedEx: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  DHL: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${n}`,
  "Canada Post": (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`,
  "Royal Mail": (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`,
};

export function trackingUrl(carrier: string | null, trackingNumber: string): string {
  const number = encodeURIComponent(trackingNumber.trim());
  const page = carrier ? TRACKING_PAGES[carrier] : undefined;
  return page
    ? page(number)
    : `https://www.google.com/search?q=${encodeURIComponent(`${carrier ?? ""} ${trackingNumber}`.trim())}`;
}
