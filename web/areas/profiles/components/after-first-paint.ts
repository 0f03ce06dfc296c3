import { useEffect, useRef, useState } from 'react';

/**
 * False until the browser has painted once after `ready` turned true, then true for good. The
 * profile page draws its header (the first screen, and the largest text or picture in it) first
 * and only then asks for what comes under it or opens on demand (the cards, the sections, the
 * "more" menu, the cover editor), so their code and reads do not compete with the header's.
 * A frame, then a task: the paint of the header is done by then. A hidden tab paints no frames,
 * so a timer says yes too after half a second.
 */
export function useAfterFirstPaint(ready: boolean, onPainted?: () => void): boolean {
  const [painted, setPainted] = useState(false);
  const onPaintedRef = useRef(onPainted);
  useEffect(() => {
    onPaintedRef.current = onPainted;
  });
  useEffect(() => {
    if (!ready || painted) return;
    let started = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    // `onPainted` (e.g. asking for the next chunks) runs in a task of its own, the render that
    // follows `true` in the next one: two short tasks rather than one long one.
    const done = () => {
      if (started) return;
      started = true;
      onPaintedRef.current?.();
      timers.push(setTimeout(() => setPainted(true), 0));
    };
    const frame = requestAnimationFrame(() => timers.push(setTimeout(done, 0)));
    timers.push(setTimeout(done, 500));
    return () => {
      cancelAnimationFrame(frame);
      timers.forEach(clearTimeout);
    };
  }, [ready, painted]);
  return painted;
}
