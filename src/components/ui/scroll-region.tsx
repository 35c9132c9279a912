import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

type ScrollRegionProps = {
  /** Names the region for screen readers once it scrolls (a focusable region needs a name). */
  label: string;
  className?: string;
  children: ReactNode;
};

/**
 * A box that scrolls sideways (a wide table inside its card). When its content overflows it becomes a
 * named, focusable region, so a keyboard user can scroll it with the arrow keys (WCAG 2.1.1, axe
 * `scrollable-region-focusable`); while everything fits it is no extra tab stop.
 */
export function ScrollRegion({ label, className = 'table-wrap', children }: ScrollRegionProps) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className={className} {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}>
      {children}
    </div>
  );
}
