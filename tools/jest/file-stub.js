// Jest stand-in for an imported image file: its URL.
module.exports = 'test-file-stub.svg';
