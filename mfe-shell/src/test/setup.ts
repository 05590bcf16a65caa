// jsdom implements no scrolling.
window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
