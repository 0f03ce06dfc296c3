import { useEffect, useState } from 'react';

/**
 * False until the browser has painted once after `ready` turned true, then true for good. The
 * profile page draws its header (the first screen, and the largest text or picture in it) first
 * and only then asks for what comes under it or opens on demand (the cards, the sections, the
 * "more" menu, the cover editor), so their code and reads do not compete with the header's.
 * A frame, then a task: the paint of the header is done by then. A hidden tab paints no frames,
 * so a timer says yes too after half a second.
 */
export function useAfterFirstPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let task: ReturnType<typeof setTimeout> | undefined;
    const done = () => setPainted(true);
    const frame = requestAnimationFrame(() => {
      task = setTimeout(done, 0);
    });
    const fallback = setTimeout(done, 500);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
      clearTimeout(fallback);
    };
  }, [ready, painted]);
  return painted;
}
