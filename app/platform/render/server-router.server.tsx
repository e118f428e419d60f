import { Fragment, Suspense, type ComponentType, type ReactElement, type ReactNode } from "react";
import {
  ServerRouter,
  StaticRouterProvider,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_RemixErrorBoundary as RemixErrorBoundary,
  UNSAFE_shouldHydrateRouteLoader as shouldHydrateRouteLoader,
  type EntryContext,
} from "react-router";

/**
 * `<ServerRouter>` with its route tree built once per build instead of once
 * per render (decision 033).
 *
 * React Router's `<ServerRouter>` turns the whole route manifest into route
 * objects (`createServerRoutes`) and converts them again into data routes
 * (`createStaticRouter`) on every document it renders: with ~95 routes that
 * was ~7% of a signed-in page's CPU, growing with every route added. The
 * result depends only on the build, so the first render here calls
 * `<ServerRouter>` itself (as a function: it uses no hooks), keeps the router
 * it made, and later renders build the same element tree around a router
 * that shares those routes and reads this request's state.
 *
 * Everything this relies on is checked on that first render: the tree's
 * shape, the context value's keys, the router's properties and its state's
 * keys. If any differs (a React Router upgrade changed `<ServerRouter>`),
 * every render goes through `<ServerRouter>` as before.
 * tests/unit/server-router.test.ts renders documents both ways and compares
 * them byte for byte.
 */
export function CachedServerRouter({ context, url, nonce }: { context: EntryContext; url: string; nonce?: string }): ReactElement {
  // The dev server reloads an edited route module without a new manifest: nothing is kept there.
  if (import.meta.env.DEV) return <ServerRouter context={context} url={url} nonce={nonce} />;
  // The build's asset manifest: the same object for every request of a build (the route modules' map is rebuilt per request).
  const key = context.manifest;
  const template = templates.get(key);
  if (template === undefined) {
    // The first document of this build: React Router's own tree, and the router it made, kept.
    const tree = (ServerRouter as (props: { context: EntryContext; url: string; nonce?: string }) => ReactElement)({ context, url, nonce });
    templates.set(key, readTemplate(tree, context, nonce));
    return tree;
  }
  if (template === null) return <ServerRouter context={context} url={url} nonce={nonce} />;
  return fromTemplate(template, context, nonce);
}

type StaticRouter = {
  routes: unknown;
  manifest: Record<string, unknown>;
  state: Record<string, unknown>;
};
type MatchLike = { route: { id: string } };
type HandlerContext = EntryContext["staticHandlerContext"];
type Template = {
  router: StaticRouter;
  idleNavigation: unknown;
  streamTransfer: ComponentType<Record<string, unknown>>;
};

/** One per build (its asset manifest), `null` when `<ServerRouter>` is not the one this was written for. */
const templates = new WeakMap<object, Template | null>();

/** What `<ServerRouter>` passes to its framework context, in its order. */
const FRAMEWORK_KEYS = "manifest,routeModules,criticalCss,serverHandoffString,future,ssr,isSpaMode,routeDiscovery,nonce,serializeError,renderMeta";
/** The static router's properties (getters and methods). */
const ROUTER_KEYS =
  "basename,future,state,routes,branches,manifest,window,initialize,subscribe,enableScrollRestoration,navigate,fetch,revalidate,createHref,encodeLocation,getFetcher,deleteFetcher,resetFetcher,dispose,getBlocker,deleteBlocker,patchRoutes,_internalFetchControllers,_internalSetRoutes,_internalSetStateDoNotUseOrYouWillBreakYourApp";
/** The keys of the static router's state, in its order. */
const STATE_KEYS = "historyAction,location,matches,loaderData,actionData,errors,initialized,renderFallback,navigation,restoreScrollPosition,preventScrollReset,revalidation,fetchers,blockers";

type Element = ReactElement<Record<string, unknown> & { children?: ReactNode }>;

function keysOf(value: unknown): string {
  return value && typeof value === "object" ? Object.getOwnPropertyNames(value).join(",") : "";
}

/**
 * The router and the stream component out of `<ServerRouter>`'s tree, when
 * the tree is the one expected: its shape, its props' names and the values
 * this module passes the same way (the framework context's values, the
 * router provider's `hydrate`, the stream's first chunk).
 */
export function readTemplate(tree: ReactElement, context: EntryContext, nonce: string | undefined): Template | null {
  const root = tree as Element;
  if (root?.type !== Fragment) return null;
  const children = root.props.children;
  if (!Array.isArray(children) || children.length !== 2) return null;
  const [provider, stream] = children as [Element, Element | null];
  if (provider?.type !== FrameworkContext.Provider && provider?.type !== FrameworkContext) return null;
  const value = provider.props.value as Record<string, unknown>;
  if (keysOf(value) !== FRAMEWORK_KEYS) return null;
  const source: Record<string, unknown> = { ...(context as unknown as Record<string, unknown>), nonce };
  if (FRAMEWORK_KEYS.split(",").some((k) => value[k] !== source[k])) return null;
  const boundary = provider.props.children as Element;
  if (boundary?.type !== RemixErrorBoundary || keysOf(boundary.props) !== "location,children") return null;
  const routerElement = boundary.props.children as Element;
  if (routerElement?.type !== StaticRouterProvider || keysOf(routerElement.props) !== "router,context,hydrate") return null;
  if (routerElement.props.hydrate !== false || routerElement.props.context !== context.staticHandlerContext) return null;
  const router = routerElement.props.router as StaticRouter;
  if (keysOf(router) !== ROUTER_KEYS || keysOf(router.state) !== STATE_KEYS) return null;
  // Without loader data to stream (never the case for a document) there is no stream element to learn from.
  if (!stream || stream.type !== Suspense) return null;
  const transfer = stream.props.children as Element;
  if (typeof transfer?.type !== "function" || keysOf(transfer.props) !== "context,identifier,reader,textDecoder,nonce") return null;
  if (transfer.props.identifier !== 0 || transfer.props.context !== context || transfer.props.nonce !== nonce) return null;
  return { router: buildWide(router), idleNavigation: router.state.navigation, streamTransfer: transfer.type as ComponentType<Record<string, unknown>> };
}

/**
 * The router's build-wide values, read once into a plain object: its getters
 * close over the first request's context (its loader data, its URL), which
 * is then not kept. Methods are kept as they are (none reads the request).
 */
function buildWide(router: StaticRouter): StaticRouter {
  const copy: Record<string, unknown> = {};
  for (const name of ROUTER_KEYS.split(",")) {
    if (name === "state") continue;
    copy[name] = (router as unknown as Record<string, unknown>)[name];
  }
  return copy as StaticRouter;
}

/** The tree `<ServerRouter>` renders, around the kept routes. */
function fromTemplate(template: Template, context: EntryContext & LoaderDataStream, nonce: string | undefined): ReactElement {
  const handlerContext = context.staticHandlerContext;
  // As `<ServerRouter>` does: a route whose loader the client runs while hydrating sends no server data.
  handlerContext.loaderData = { ...handlerContext.loaderData };
  for (const match of handlerContext.matches) {
    const routeId = match.route.id;
    const route = context.routeModules[routeId];
    const manifestRoute = context.manifest.routes[routeId];
    if (
      route &&
      manifestRoute &&
      shouldHydrateRouteLoader(routeId, route.clientLoader, manifestRoute.hasLoader, context.isSpaMode) &&
      (route.HydrateFallback || !manifestRoute.hasLoader)
    ) {
      delete handlerContext.loaderData[routeId];
    }
  }
  const router = routerFor(template, handlerContext);
  const StreamTransfer = template.streamTransfer;
  return (
    <>
      <FrameworkContext.Provider
        value={{
          manifest: context.manifest,
          routeModules: context.routeModules,
          criticalCss: context.criticalCss,
          serverHandoffString: context.serverHandoffString,
          future: context.future,
          ssr: context.ssr,
          isSpaMode: context.isSpaMode,
          routeDiscovery: context.routeDiscovery,
          nonce,
          serializeError: context.serializeError,
          renderMeta: context.renderMeta,
        }}
      >
        <RemixErrorBoundary location={handlerContext.location}>
          <StaticRouterProvider router={router as never} context={handlerContext} hydrate={false} />
        </RemixErrorBoundary>
      </FrameworkContext.Provider>
      {context.serverHandoffStream ? (
        <Suspense>
          <StreamTransfer context={context} identifier={0} reader={context.serverHandoffStream.getReader()} textDecoder={new TextDecoder()} nonce={nonce} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The kept router with this request's state: the same routes, manifest,
 * branches and methods (none of which reads the request), and the state
 * `createStaticRouter` would have built from this request's context.
 */
function routerFor(template: Template, handlerContext: HandlerContext): StaticRouter {
  const manifest = template.router.manifest;
  const matches = (handlerContext.matches as MatchLike[]).map((match) => ({ ...match, route: manifest[match.route.id] || match.route }));
  return Object.create(template.router, {
    state: {
      get: () => ({
        historyAction: "POP",
        location: handlerContext.location,
        matches,
        loaderData: handlerContext.loaderData,
        actionData: handlerContext.actionData,
        errors: handlerContext.errors,
        initialized: true,
        renderFallback: false,
        navigation: template.idleNavigation,
        restoreScrollPosition: null,
        preventScrollReset: false,
        revalidation: "idle",
        fetchers: new Map(),
        blockers: new Map(),
      }),
    },
  }) as StaticRouter;
}

/** What `<ServerRouter>` reads of the context to write the loader data into the page. */
type LoaderDataStream = {
  serverHandoffStream?: ReadableStream<Uint8Array>;
  renderMeta?: { streamCache?: Record<number, Promise<void> & { result?: { done: boolean; value: string } }> };
};

/**
 * Reads React Router's encoded loader data to its end (its promises settle or
 * time out after `streamTimeout`) and hands it to `<ServerRouter>` as already
 * read: it then writes one script with all of it instead of suspending until
 * each chunk arrives, so the document renders in one synchronous pass. The
 * script is the same as a streamed render's last one (the data, then the
 * stream's close).
 */
export async function settleLoaderData(context: EntryContext) {
  const target = context as EntryContext & LoaderDataStream;
  const stream = target.serverHandoffStream;
  if (!stream) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let value = "";
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    value += decoder.decode(chunk.value, { stream: true });
  }
  value += decoder.decode();
  target.renderMeta ??= {};
  target.renderMeta.streamCache = { 0: Object.assign(Promise.resolve(), { result: { done: true, value } }) };
  // `<ServerRouter>` takes a reader of its own; this one is never read (the cache above answers first).
  target.serverHandoffStream = new ReadableStream();
}
