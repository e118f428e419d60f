import { useEffect, useRef, type MouseEvent } from "react";
import { buttonClasses } from "~/ui/ui/button";
import { Icon } from "./icons";
import { useHydrated } from "~/ui/use-hydrated";

const DIALOG_ID = "demo";
const TRIGGER_ID = "watch-demo";

function demoDialog() {
  return document.getElementById(DIALOG_ID) as HTMLDialogElement | null;
}

/**
 * 'Watch 60-second demo': with JavaScript it opens <DemoDialog> as a native
 * modal (focus is trapped; Escape, the X and a click on the backdrop close it).
 * Without JavaScript it is a link to #demo, and CSS shows the dialog while it
 * is the URL fragment.
 */
export function DemoTrigger() {
  function open(event: MouseEvent<HTMLAnchorElement>) {
    const dialog = demoDialog();
    if (!dialog) return;
    event.preventDefault();
    dialog.showModal();
  }
  return (
    <a
      id={TRIGGER_ID}
      href={`#${DIALOG_ID}`}
      onClick={open}
      aria-haspopup="dialog"
      className={buttonClasses("secondary", "lg")}
    >
      <span className="inline-flex h-6 w-6 items-center justify-center rounded-full bg-brand-600 text-white">
        <Icon name="play" className="h-3.5 w-3.5 translate-x-px fill-current" />
      </span>
      Watch 60-second demo
    </a>
  );
}

/**
 * The demo itself. Render it outside any element that creates a stacking
 * context (for example a section with `isolate`), so that without JavaScript
 * its fixed overlay covers the navbar too.
 */
export function DemoDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    // Someone arriving on /#demo with JavaScript gets the real modal.
    if (window.location.hash === `#${DIALOG_ID}` && !ref.current?.open) ref.current?.showModal();
  }, []);

  function close() {
    ref.current?.close();
    if (window.location.hash === `#${DIALOG_ID}`) {
      window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    }
  }
  function onBackdropClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) close();
  }

  const closeClasses =
    "inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/10 text-white ring-1 ring-inset ring-white/25 hover:bg-white/20";

  return (
    <>
      <dialog
        id={DIALOG_ID}
        ref={ref}
        aria-labelledby="demo-title"
        data-enhanced={hydrated ? "true" : undefined}
        onClick={onBackdropClick}
        onClose={close}
        className="fixed inset-0 z-50 m-0 hidden h-full max-h-none w-full max-w-none items-center justify-center border-0 bg-slate-950/80 p-4 text-left backdrop:bg-transparent open:flex [&:target:not([data-enhanced])]:flex"
      >
        <div className="w-full max-w-3xl overflow-hidden rounded-2xl bg-slate-900 shadow-2xl ring-1 ring-white/10">
          <div className="flex items-center justify-between gap-4 px-5 py-4">
            <div>
              <h2 id="demo-title" className="text-lg font-semibold text-white">
                LaunchKit in 60 seconds
              </h2>
              <p className="text-sm text-slate-300">From a one-line idea to a complete launch kit.</p>
            </div>
            {hydrated ? (
              <button type="button" onClick={close} aria-label="Close demo" className={closeClasses}>
                <Icon name="x" className="h-5 w-5" />
              </button>
            ) : (
              <a href={`#${TRIGGER_ID}`} aria-label="Close demo" className={closeClasses}>
                <Icon name="x" className="h-5 w-5" />
              </a>
            )}
          </div>
          <figure>
            <div className="relative aspect-video bg-slate-800">
              {/* Lazy: the dialog is hidden until opened, and an animated SVG is a whole document to
                  build and lay out (~150 ms of the home page's main thread on a slow phone) that
                  nobody sees unless they open the demo. Without JavaScript, browsers load it anyway. */}
              <picture>
                <source srcSet="/images/demo/demo-still.svg" media="(prefers-reduced-motion: reduce)" />
                <img
                  loading="lazy"
                  decoding="async"
                  src="/images/demo/demo-reel.svg"
                  alt="Demo video placeholder: an idea is typed into the wizard, then a logo, a colour palette, a landing page and social posts appear."
                  className="h-full w-full object-cover"
                  width={960}
                  height={540}
                />
              </picture>
            </div>
            <div className="flex items-center gap-3 bg-slate-950 px-5 py-3 text-xs text-slate-300">
              <Icon name="play" className="h-4 w-4 fill-current text-white" />
              <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-700">
                <div className="h-full w-1/3 rounded-full bg-linear-to-r from-brand-400 to-fuchsia-400" />
              </div>
              <span className="tabular-nums">0:20 / 1:00</span>
            </div>
            <figcaption className="px-5 py-4 text-sm text-slate-300">
              Placeholder preview: the narrated walkthrough is on its way. Until then, the fastest demo is
              your own idea: the free preview takes about a minute.
            </figcaption>
          </figure>
        </div>
      </dialog>
    </>
  );
}
