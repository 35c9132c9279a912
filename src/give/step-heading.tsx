import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';

/** True once the person has moved past the first screen: from then on each new step takes focus. */
export const StepFocus = createContext(false);

/**
 * The heading of a step. When the step changes it takes focus, so a screen reader announces the new
 * step and keyboard users continue from there (the page itself never reloads between steps).
 */
export function StepHeading({ children }: { children: ReactNode }) {
  const shouldFocus = useContext(StepFocus);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (shouldFocus) heading.current?.focus();
  }, [shouldFocus]);
  return (
    <h2 ref={heading} tabIndex={-1} className="give-step-title">
      {children}
    </h2>
  );
}
