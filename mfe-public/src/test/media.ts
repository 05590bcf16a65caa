/** Answers matchMedia as a screen would: `matching` lists the queries that match (all others do not). */
export function mockMediaQueries(matching: string[] = []): void {
  window.matchMedia = jest.fn((query: string) => ({
    matches: matching.includes(query),
    media: query,
    onchange: null,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    addListener: jest.fn(),
    removeListener: jest.fn(),
    dispatchEvent: jest.fn(),
  })) as unknown as typeof window.matchMedia;
}
