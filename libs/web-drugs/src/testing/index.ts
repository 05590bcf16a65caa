// Test helpers for the screens this lib serves, imported by the remotes' tests as `@healthlink/web-drugs/testing`.
// Test-only: tools/paths.js gives `/testing` entries no webpack alias, so shipped code cannot import them.
export { buildBestPrice, CouponEvents, serveCouponSearch, serveEnrollment } from './fake-coupon-api';
export { buildDrugFound, buildDrugMatch, buildDrugPricing, buildMatchesFound } from './fake-drug-lookup';
