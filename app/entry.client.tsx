import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// Paint first, then hydrate: the server's HTML arrives complete and styled
// (its stylesheet inlined), so the first frame needs no JavaScript, and on a
// slow phone hydrating React before that frame would hold the first paint
// back by the whole of its work.
if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(hydrate, 0));
else hydrate();
