// Wraps the floating book button: hidden until the page has scrolled more than one
// viewport height (spec section 4), then shown. Passive listener, one rAF per frame.
import { useEffect, useState } from "react";

export function FloatingBook({ className, children }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setVisible(window.scrollY > window.innerHeight);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return (
    <div className={className} hidden={!visible} data-floating-book="">
      {children}
    </div>
  );
}
