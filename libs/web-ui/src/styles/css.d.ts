// Side-effect CSS imports, bundled by style-loader.
declare module '*.css';
