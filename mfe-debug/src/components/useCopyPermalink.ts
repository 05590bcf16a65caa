import { useCallback } from 'react';
import { toast } from 'react-hot-toast';
import { DebugTexts } from './debug-texts';

/** Copies `url` to the clipboard and says so in a toast (spec part 2 §8), or says how to copy it by hand. */
export function useCopyPermalink(): (url: string) => Promise<void> {
  return useCallback(async (url: string) => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      toast.success(DebugTexts.permalinkCopied);
    } catch {
      toast.error(DebugTexts.copyFailed);
    }
  }, []);
}

/** This page's address with `search` as its query string, as a link to share. */
export function permalinkFor(pathname: string, search: URLSearchParams): string {
  const query = search.toString();
  return `${window.location.origin}${pathname}${query ? `?${query}` : ''}`;
}
