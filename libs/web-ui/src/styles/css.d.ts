// Side-effect CSS imports, bundled as CSS files beside their chunk.
declare module '*.css';
// Image files: the import is the URL webpack gives the emitted file.
declare module '*.svg' {
  const url: string;
  export default url;
}
