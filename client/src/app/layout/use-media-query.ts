import { useCallback, useSyncExternalStore } from 'react';

/** The layout's one breakpoint (spec §9): below it the footer collapses and the bottom toolbar shows. */
export const DESKTOP_QUERY = '(min-width: 992px)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}
