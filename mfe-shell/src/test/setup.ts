import { mockScreen } from './render-shell';

// jsdom implements neither scrolling nor media queries; tests see a wide screen unless they say otherwise.
window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
beforeEach(() => mockScreen(false));
