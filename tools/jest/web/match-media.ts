/** Answers matchMedia as a screen would: `matches` says which queries match (by default, none). */
export function mockMediaQueries(matches: string[] | ((query: string) => boolean) = []): void {
  const isMatch = typeof matches === 'function' ? matches : (query: string) => matches.includes(query);
  window.matchMedia = jest.fn((query: string) => ({
    matches: isMatch(query),
    media: query,
    onchange: null,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    addListener: jest.fn(),
    removeListener: jest.fn(),
    dispatchEvent: jest.fn(),
  })) as unknown as typeof window.matchMedia;
}
