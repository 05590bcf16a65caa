import { resetApiCalls, server } from './api-server';
import { mockMediaQueries } from './match-media';

// jsdom has no matchMedia (react-hot-toast asks it about reduced motion): answer as a wide screen would.
beforeEach(() => mockMediaQueries());

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetApiCalls();
});
afterAll(() => server.close());
