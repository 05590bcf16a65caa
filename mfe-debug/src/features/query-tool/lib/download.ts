/** Saves `data` as a file named `fileName` through the browser's download. */
export function downloadFile(data: BlobPart, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the URL is released after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
