import type { Locator } from "playwright-core";

/**
 * Scrolls a grid from the top at a steady speed (px per second) for five seconds, one step per
 * animation frame, and tells the frames drawn: their rate, the 95th percentile and worst frame
 * time, and how many took over 25 ms.
 */
export const scrollFrames = (grid: Locator, pxPerSecond: number) =>
  grid.evaluate(
    (el, speed) =>
      new Promise<{ frames: number; fps: number; p95: number; worst: number; long: number }>((resolve) => {
        el.scrollTop = 0;
        const times: number[] = [];
        const start = performance.now();
        let last = start;
        const step = (now: number) => {
          times.push(now - last);
          last = now;
          el.scrollTop = ((now - start) / 1000) * speed;
          if (now - start < 5000) requestAnimationFrame(step);
          else {
            const sorted = [...times.slice(1)].sort((a, b) => a - b);
            resolve({
              frames: times.length,
              fps: (times.length / (now - start)) * 1000,
              p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
              worst: sorted.at(-1) ?? 0,
              long: sorted.filter((t) => t > 25).length,
            });
          }
        };
        requestAnimationFrame(step);
      }),
    pxPerSecond,
  );
