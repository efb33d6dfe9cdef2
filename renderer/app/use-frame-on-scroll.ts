// Runs `update` once a frame while the window scrolls or resizes (the windowed tables of the
// library and the desk recompute which rows to draw).
import { useEffect } from 'react';

export function useFrameOnScroll(update: () => void): void {
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        update();
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [update]);
}
