import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once the placeholder comes near the screen. Below-the-fold sections (the related
 * slider) then cost neither data nor main-thread time while the top of the page loads on a slow phone.
 */
export function WhenVisible({ children, minHeight, margin = '300px' }: { children: ReactNode; minHeight: string; margin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || visible) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [visible, margin]);
  return visible ? <>{children}</> : <div ref={ref} style={{ minHeight }} />;
}
