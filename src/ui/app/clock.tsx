// The wall clock as the views see it. Views never call `new Date()`: they read "now" here and
// hand it to their machine as input, so a test fixes the time with <ClockContext.Provider>.
import { createContext, useContext } from 'react';

export const ClockContext = createContext<() => Date>(() => new Date());

/** The current time, from the app's clock. */
export function useClock(): () => Date {
  return useContext(ClockContext);
}
