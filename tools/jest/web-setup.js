require('@testing-library/jest-dom');
const { TextDecoder, TextEncoder } = require('node:util');

// jsdom does not provide these; the browsers we support do.
if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;

// Pages are lazy chunks: on a loaded CI machine the first one can take longer than RTL's 1 s default to
// appear, which failed a findBy that had nothing wrong with it.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
