// Types of the modules the hand-written JavaScript imports that tools/js does not install,
// declared here (not mapped to .web/ with `paths`) so the check runs before any build, on
// a fresh clone: Reflex's generated `$/` modules exist only in .web/, React Router and
// Vite only in .web/node_modules, Netlify's parsers and local runtime only in
// tools/static-hosts/, and the edge relay's data only in the build. Each declares just
// what our files use; widen it when a file starts using more.

declare module "$/utils/state" {
  /** Reflex's per-page store: each client state's value and setter, by slot name. */
  export const refs: Record<string, unknown>;
}

declare module "react-router" {
  /** A route of React Router's table: the browser entry reads its path. */
  export interface RouteObject {
    path?: string;
  }
  /** The router HydratedRouter makes (`window.__reactRouterDataRouter`), as far as the
   * browser entry uses it. */
  export interface DataRouter {
    basename: string;
    routes: RouteObject[];
    navigate(to: unknown, options?: object): Promise<void>;
    createURL(to: unknown): URL;
  }
  export function matchRoutes(
    routes: RouteObject[],
    location: string,
    basename?: string,
  ): { route: RouteObject }[] | null;
}

declare module "react-router/dom" {
  /** React Router's browser router, hydrating the prerendered document. */
  export function HydratedRouter(props: object): import("react").ReactNode;
}

declare module "vite" {
  /** The part of a Vite plugin our plugins fill in (development server, lean router). */
  export interface Plugin {
    name: string;
    apply?: "serve" | "build";
    enforce?: "pre" | "post";
    applyToEnvironment?: (environment: { name: string }) => boolean;
    config?: () => { server?: { host?: string } };
    load?: (id: string) => string | null;
    buildEnd?: () => void;
  }
}

declare module "@netlify/headers-parser" {
  export function parseAllHeaders(options: { headersFiles: string[] }): Promise<{
    headers: { for: string; forRegExp: RegExp; values: Record<string, string> }[];
    errors: unknown[];
  }>;
}

declare module "@netlify/redirect-parser" {
  export function parseAllRedirects(options: { redirectsFiles: string[] }): Promise<{
    redirects: { path: string; to: string; status?: number; force: boolean }[];
    errors: unknown[];
  }>;
}

declare module "@netlify/dev-utils" {
  /** A value Netlify's local tools read (and may watch): the site's configuration. */
  export class Reactive<T> {
    constructor(initialValue: T);
    get(): T;
  }
  /** The place Netlify's local tools give functions when none is looked up. */
  export const mockLocation: object;
  export function toWebRequest(request: import("node:http").IncomingMessage): Request;
  export function fromWebResponse(
    response: Response,
    outgoing: import("node:http").ServerResponse,
  ): Promise<void>;
}

declare module "@netlify/functions-dev" {
  /** Netlify's local runtime for a folder of functions: finds the one a request is for. */
  export class FunctionsHandler {
    constructor(options: {
      config: import("@netlify/dev-utils").Reactive<object>;
      destPath: string;
      projectRoot: string;
      settings: object;
      geolocation: object;
      userFunctionsPath: string;
    });
    match(request: Request): Promise<{ handle(request: Request): Promise<Response> } | undefined>;
  }
}

declare module "*/open_times_relay.json" {
  /** The relay's data, which the build writes beside the edge functions (clinic/build_steps/site_files/edge_relay.py). */
  const data: import("../../clinic/edge/open_times.mjs").RelayData;
  export default data;
}

/** Cloudflare's Cache API: the data center's own cache, beside the named ones. */
interface CacheStorage {
  readonly default: Cache;
}

declare module "embla-carousel" {
  /** Creates an Embla carousel on a viewport (the options and plugins we pass). */
  export default function EmblaCarousel(
    viewport: HTMLElement,
    options: object,
    plugins: object[],
  ): EmblaApi;
}

declare module "embla-carousel-autoplay" {
  /** Embla's autoplay plugin, with the options we pass. */
  export default function Autoplay(options: {
    delay: number;
    playOnInit: boolean;
    stopOnInteraction: boolean;
    stopOnFocusIn: boolean;
    stopOnMouseEnter: boolean;
  }): object;
}

/** The part of Embla's API the carousel steps use; EmblaViewport.jsx keeps it on the viewport. */
interface EmblaApi {
  scrollPrev(jump?: boolean): void;
  scrollNext(jump?: boolean): void;
  scrollTo(index: number, jump?: boolean): void;
  selectedScrollSnap(): number;
  canScrollPrev(): boolean;
  canScrollNext(): boolean;
  on(event: "select" | "reInit", callback: () => void): EmblaApi;
  plugins(): { autoplay?: { isPlaying(): boolean; play(): void; stop(): void } };
  destroy(): void;
}

interface HTMLElement {
  /** A carousel viewport's Embla instance, once Embla has loaded (EmblaViewport.jsx). */
  emblaApi?: EmblaApi;
}

/** A call queue of Cal.com's `Cal` loader (CalEmbed.jsx), until embed.js takes it over. */
interface CalQueue {
  (...args: unknown[]): void;
  q: unknown[][];
  /** Set by embed.js on a namespace it has taken over. */
  instance?: unknown;
}

/** Cal.com's global `Cal`: CalEmbed.jsx's loader, then embed.js's implementation. */
interface CalApi extends CalQueue {
  ns: Record<string, CalQueue>;
  loaded?: boolean;
}

interface Window {
  Cal?: CalApi;
}

/**
 * A before-paint script's data (assets/behaviors/before_paint/), put in its place as JSON
 * when the script is inlined (clinic/site/components/before_paint.py). Each script types
 * it as its function's parameter, in JSDoc: one declaration serves them all.
 */
declare const BEFORE_PAINT_DATA: any;

/** The props of assets/widgets/CalEmbed.jsx (clinic/site/components/cal_embed.py gives them). */
interface CalEmbedProps {
  scriptSrc: string;
  origin: string;
  namespaces: string[];
  ui: object;
  afterBooking?: (detail: unknown) => void;
  className?: string;
  children?: import("react").ReactNode;
}

/** The props of assets/widgets/EmblaViewport.jsx (clinic/site/components/carousel.py). */
interface EmblaViewportProps {
  options?: { loop?: boolean };
  autoplayMs?: number;
  playing?: boolean;
  lazyMargin?: string;
  onChange?: (state: { selected: number; canPrev: boolean; canNext: boolean }) => void;
  onVisible?: (visible: boolean) => void;
  children?: import("react").ReactNode;
  [attribute: string]: unknown;
}

/** The props of assets/widgets/Avatar.jsx (clinic/site/components/avatar.py). */
interface AvatarProps {
  src?: string;
  alt?: string;
  initials?: string;
  size?: number;
  className?: string;
  initialsClassName?: string;
  [attribute: string]: unknown;
}
