// pg-boss ships no types for its internal Manager (src/manager.js, `module.exports = Manager`); pg-boss-settlement.ts
// wraps two of its methods.
declare module 'pg-boss/src/manager' {
  const Manager: { prototype: Record<string | symbol, unknown> };
  export = Manager;
}
