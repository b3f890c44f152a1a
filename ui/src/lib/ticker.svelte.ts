// One clock for every countdown on screen: `tick.now` advances each second while anything
// reads it, so countdowns stay live without each keeping its own timer.
export const tick = $state({ now: Date.now() });

let timer: ReturnType<typeof setInterval> | null = null;
let users = 0;

/** Starts the shared clock for a component; returns the stop function for its cleanup. */
export function useTicker(): () => void {
  users += 1;
  if (!timer) {
    // The clock may have stood still while no countdown was on screen: catch up at once.
    tick.now = Date.now();
    timer = setInterval(() => (tick.now = Date.now()), 1000);
  }
  return () => {
    users -= 1;
    if (users === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}
